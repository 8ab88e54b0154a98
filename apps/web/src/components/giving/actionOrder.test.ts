import { describe, expect, it } from 'vitest';
import type { ActivityOption } from '../../api';
import { actionSections, customLeft, toggleId, togglePin } from './actionOrder';

const opt = (
  id: string,
  category: 'Flags' | 'Bonuses' | 'Academic Pay Day',
  isCustom = false,
): ActivityOption => ({
  _id: id,
  name: id,
  category,
  points: category === 'Flags' ? -3 : 5,
  type: isCustom ? 'TEACHER_CUSTOM_ACTION' : 'DEFAULT',
  isCustom,
});

const categories = {
  Bonuses: [opt('b1', 'Bonuses'), opt('b2', 'Bonuses'), opt('b3', 'Bonuses', true)],
  Flags: [opt('f1', 'Flags'), opt('f2', 'Flags')],
  'Academic Pay Day': [opt('p1', 'Academic Pay Day')],
  'Daily Behavior': [],
  'Daily Attendance': [],
};

describe('actionSections', () => {
  it('puts power actions first, in pin order, and not again below', () => {
    const s = actionSections({
      categories,
      powerActions: ['f2', 'b2'],
      givableCategories: ['Flags', 'Bonuses'],
    });
    expect(s.pinned.map((a) => a._id)).toEqual(['f2', 'b2']);
    expect(s.bonuses.map((a) => a._id)).toEqual(['b1', 'b3']);
    expect(s.flags.map((a) => a._id)).toEqual(['f1']);
    expect(s.others).toEqual([]);
  });
  it('offers admins the other categories they may give, in their own sections', () => {
    const s = actionSections({
      categories,
      powerActions: ['p1'],
      givableCategories: ['Flags', 'Bonuses', 'Academic Pay Day', 'Daily Behavior'],
    });
    expect(s.pinned.map((a) => a._id)).toEqual(['p1']);
    expect(s.others).toEqual([]);
    const t = actionSections({
      categories,
      powerActions: [],
      givableCategories: ['Flags', 'Bonuses', 'Academic Pay Day'],
    });
    expect(t.others.map((o) => [o.category, o.actions.map((a) => a._id)])).toEqual([
      ['Academic Pay Day', ['p1']],
    ]);
  });
  it('ignores power actions that are not offered', () => {
    expect(
      actionSections({
        categories,
        powerActions: ['gone'],
        givableCategories: ['Flags', 'Bonuses'],
      }).pinned,
    ).toEqual([]);
  });
});

describe('togglePin and toggleId', () => {
  it('pins at the end and unpins', () => {
    expect(togglePin(['a'], 'b')).toEqual(['a', 'b']);
    expect(togglePin(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleId([], 'x')).toEqual(['x']);
    expect(toggleId(['x', 'y'], 'x')).toEqual(['y']);
  });
});

describe('customLeft', () => {
  it('counts the custom actions of a kind against the limit', () => {
    const customActions = [
      opt('c1', 'Bonuses', true),
      opt('c2', 'Bonuses', true),
      opt('c3', 'Flags', true),
    ];
    expect(customLeft({ customActions, customLimit: 5 }, 'Bonuses')).toBe(3);
    expect(customLeft({ customActions, customLimit: 5 }, 'Flags')).toBe(4);
    expect(customLeft({ customActions, customLimit: 1 }, 'Bonuses')).toBe(0);
  });
});
