import { describe, expect, it } from 'vitest';
import {
  gradeLabel,
  gradeOrNone,
  houseLabel,
  houseOrNone,
  monthLabel,
  REPORT_COLUMN_LABELS,
} from '../src/index.js';

describe('labels of docs/spec.md section 9', () => {
  it('a grade is an ordinal plus "Grade"; a named grade keeps its name', () => {
    expect(gradeLabel('8')).toBe('8th Grade');
    expect(gradeLabel('08')).toBe('8th Grade');
    expect(gradeLabel('1')).toBe('1st Grade');
    expect(gradeLabel('2')).toBe('2nd Grade');
    expect(gradeLabel('3')).toBe('3rd Grade');
    expect(gradeLabel('11')).toBe('11th Grade');
    expect(gradeLabel('12')).toBe('12th Grade');
    expect(gradeLabel('Kindergarten')).toBe('Kindergarten');
    expect(gradeOrNone(null)).toBe('No grade');
    expect(gradeOrNone('None')).toBe('No grade');
    expect(gradeOrNone('7')).toBe('7th Grade');
  });

  it('a house reads as a name', () => {
    expect(['altruismo', 'amistad', 'isibindi', 'reveur'].map(houseLabel)).toEqual([
      'Altruismo',
      'Amistad',
      'Isibindi',
      'Reveur',
    ]);
    expect(houseLabel('Altruismo')).toBe('Altruismo');
    expect(houseLabel('blue team')).toBe('Blue Team');
    expect(houseLabel('équipe-verte')).toBe('Équipe-Verte');
    expect(houseOrNone(null)).toBe('No house');
    expect(houseOrNone('None')).toBe('No house');
  });

  it('a month by its name, never "2026-10"', () => {
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
    expect(monthLabel('2026-02-28', 'short')).toBe('Feb 2026');
  });

  it('report columns say whether they count gives or sum points', () => {
    for (const [key, label] of Object.entries(REPORT_COLUMN_LABELS)) {
      if (key.endsWith('Count')) expect(label, key).toMatch(/\(count\)$/);
      if (['earned', 'spent', 'balance', 'bonusPoints', 'flagPoints'].includes(key))
        expect(label, key).toMatch(/points/i);
    }
  });
});
