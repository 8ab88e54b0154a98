import { describe, expect, it } from 'vitest';
import {
  isTeacherOfPeriod,
  periodLabel,
  schoolPeriods,
  teacherPeriods,
  type PeriodLike,
} from '../src/index.js';

const ME = 'T-1';
const p = (
  _id: string,
  externalTeacherId: string,
  periodNumber: number,
  sectionNumbers: string[],
  studentCount = 10,
  coTeachers: string[] = [],
): PeriodLike => ({
  _id,
  externalTeacherId,
  coTeachers,
  periodNumber,
  sectionNumbers,
  studentCount,
});

const PERIODS: PeriodLike[] = [
  p('co-0', 'T-2', 0, ['200'], 12, [ME]),
  p('own-3', ME, 3, ['301']),
  p('own-1-sec110', ME, 1, ['110']),
  p('co-1', 'T-3', 1, ['100'], 4, ['T-9', ME]),
  p('own-1-sec9', ME, 1, ['9']),
  p('own-1-sec105', ME, 1, ['105', '001']),
  p('own-empty', ME, 2, ['201'], 0),
  p('co-empty', 'T-2', 2, ['202'], 0, [ME]),
  p('other', 'T-2', 1, ['101']),
  p('other-co', 'T-3', 4, ['401'], 8, ['T-2']),
  p('own-2-nosection', ME, 2, []),
];

describe('teacherPeriods', () => {
  const ids = teacherPeriods(PERIODS, ME).map((x) => x._id);

  it('own first, then by period number, then by first section number (numeric)', () => {
    expect(ids).toEqual([
      'own-1-sec9',
      'own-1-sec105',
      'own-1-sec110',
      'own-2-nosection',
      'own-3',
      'co-0',
      'co-1',
    ]);
  });

  it.each(['own-empty', 'co-empty'])('excludes %s (no students)', (id) => {
    expect(ids).not.toContain(id);
  });

  it.each(['other', 'other-co'])('excludes %s (neither teacher nor co-teacher)', (id) => {
    expect(ids).not.toContain(id);
  });

  it('includes co-taught periods with students', () => {
    expect(ids).toEqual(expect.arrayContaining(['co-0', 'co-1']));
  });

  it('a teacher with no periods gets none', () => {
    expect(teacherPeriods(PERIODS, 'T-404')).toEqual([]);
  });

  it('does not reorder the input', () => {
    const copy = [...PERIODS];
    teacherPeriods(PERIODS, ME);
    expect(PERIODS).toEqual(copy);
  });
});

describe('schoolPeriods', () => {
  it('periods with students, by period number then first section', () => {
    expect(schoolPeriods(PERIODS).map((x) => x._id)).toEqual([
      'co-0',
      'own-1-sec9',
      'co-1',
      'other',
      'own-1-sec105',
      'own-1-sec110',
      'own-2-nosection',
      'own-3',
      'other-co',
    ]);
  });
});

describe('isTeacherOfPeriod', () => {
  it.each([
    ['own-3', true],
    ['co-1', true],
    ['own-empty', true],
    ['other', false],
    ['other-co', false],
  ])('%s → %s', (id, want) => {
    expect(
      isTeacherOfPeriod(
        PERIODS.find((x) => x._id === id)!,
        ME,
      ),
    ).toBe(want);
  });
});

describe('periodLabel', () => {
  it.each([
    [0, 'Homeroom'],
    [99, 'Other'],
    [1, '1st Period'],
    [2, '2nd Period'],
    [3, '3rd Period'],
    [4, '4th Period'],
    [5, '5th Period'],
    [10, '10th Period'],
    [11, '11th Period'],
    [12, '12th Period'],
    [13, '13th Period'],
    [21, '21st Period'],
    [22, '22nd Period'],
    [23, '23rd Period'],
    [98, '98th Period'],
    [101, '101st Period'],
    [111, '111th Period'],
  ])('%i → %s', (n, label) => {
    expect(periodLabel(n)).toBe(label);
  });
});
