import { describe, expect, it } from 'vitest';
import { giveButtonLabel, giveResultText, hasTarget, pointsPerStudent } from './giveText';

const type = (points: number) => ({ _id: 'x', name: 'x', category: points < 0 ? ('Flags' as const) : ('Bonuses' as const), points });

describe('giveButtonLabel', () => {
  it.each([
    [{ kind: 'students', count: 0 } as const, 'Give'],
    [{ kind: 'students', count: 1 } as const, 'Give to 1 student'],
    [{ kind: 'students', count: 3 } as const, 'Give to 3 students'],
    [{ kind: 'houses', names: ['amistad'] } as const, 'Give to house amistad'],
    [{ kind: 'houses', names: ['amistad', 'reveur'] } as const, 'Give to 2 houses'],
    [{ kind: 'houses', names: [] } as const, 'Give'],
    [{ kind: 'grades', values: ['7'] } as const, 'Give to 7th Grade'],
    [{ kind: 'grades', values: ['6', '7'] } as const, 'Give to 2 grade levels'],
    [{ kind: 'period', label: '1st Period — Math 6' } as const, 'Give to all of 1st Period — Math 6'],
    [{ kind: 'group', name: 'Table 1' } as const, 'Give to group Table 1'],
  ])('%j → %s', (target, label) => {
    expect(giveButtonLabel(target)).toBe(label);
  });

  it('knows when nobody is chosen', () => {
    expect(hasTarget({ kind: 'students', count: 0 })).toBe(false);
    expect(hasTarget({ kind: 'grades', values: [] })).toBe(false);
    expect(hasTarget({ kind: 'period', label: 'x' })).toBe(true);
  });
});

describe('giveResultText', () => {
  it('sums the actions per student', () => {
    expect(pointsPerStudent({ activityTypes: [type(5), type(2)] })).toBe(7);
    expect(giveResultText({ activityTypes: [type(5), type(5)], studentCount: 30 })).toBe('Gave 10 points to 30 students');
  });
  it('speaks of flags as points taken', () => {
    expect(giveResultText({ activityTypes: [type(-3)], studentCount: 1 })).toBe('Took 3 points from 1 student');
  });
  it('uses the singular for one point', () => {
    expect(giveResultText({ activityTypes: [type(1)], studentCount: 2 })).toBe('Gave 1 point to 2 students');
  });
});
