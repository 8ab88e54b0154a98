import { describe, expect, it } from 'vitest';
import {
  coachingLine,
  equityRows,
  feedbackRatio,
  flagWouldDropBelow,
  groupOf,
  groupsOfConcern,
  NO_DEMOGRAPHICS,
  raceGroup,
  recognitionWindowStart,
  riskRatio,
  sortGiverRatios,
  suppressedGroups,
  unrecognized,
  type Demographics,
  type EquityStudent,
  type SchoolCalendar,
} from '../src/index.js';

/* The rules of issue 34 (PBIS done right): packages/domain/src/pbis/. */

describe('a giver’s ratio', () => {
  it('is positives per corrective to one decimal, null while there is no corrective', () => {
    expect(feedbackRatio(3, 1)).toBe(3);
    expect(feedbackRatio(7, 2)).toBe(3.5);
    expect(feedbackRatio(10, 3)).toBe(3.3);
    expect(feedbackRatio(2, 3)).toBe(0.7);
    expect(feedbackRatio(0, 4)).toBe(0);
    expect(feedbackRatio(5, 0)).toBeNull();
    expect(feedbackRatio(0, 0)).toBeNull();
  });

  it('draws the gentle line when one more flag would take it under the target', () => {
    expect(flagWouldDropBelow(8, 1, 4)).toBe(false); // 8 / 2 = 4: not under
    expect(flagWouldDropBelow(7, 1, 4)).toBe(true); // 7 / 2 = 3.5
    expect(flagWouldDropBelow(3, 1, 4)).toBe(true);
    expect(flagWouldDropBelow(4, 0, 4)).toBe(false); // a first flag leaves 4:1
    expect(flagWouldDropBelow(3, 0, 4)).toBe(true);
    expect(flagWouldDropBelow(0, 0, 1)).toBe(true);
    // Exact figures, not the rounded ratio: 79 / 20 = 3.95 is under 4.
    expect(flagWouldDropBelow(79, 19, 4)).toBe(true);
  });

  it('words the line as a message key and values, in the window counted', () => {
    expect(coachingLine({ positives: 3, correctives: 1, target: 4 }, 'this-week')).toEqual({
      key: 'classroom.coaching.line',
      values: { ratio: 3, target: 4, window: 'week' },
    });
    expect(coachingLine({ positives: 2, correctives: 0, target: 4 }, 'this-month')).toEqual({
      key: 'classroom.coaching.lineNoFlag',
      values: { positives: 2, target: 4, window: 'month' },
    });
    expect(coachingLine({ positives: 20, correctives: 1, target: 4 }, 'this-week')).toBeNull();
  });

  it('sorts givers by a column either way, a missing ratio last, ties by name', () => {
    const rows = [
      { giverId: 'a', name: 'Cruz', positives: 9, correctives: 3, ratio: 3 },
      { giverId: 'b', name: 'Abbot', positives: 4, correctives: 0, ratio: null },
      { giverId: 'c', name: 'Baker', positives: 10, correctives: 2, ratio: 5 },
      { giverId: 'd', name: 'Ames', positives: 3, correctives: 1, ratio: 3 },
    ];
    const names = (r: typeof rows) => r.map((x) => x.name);
    expect(names(sortGiverRatios(rows, 'name'))).toEqual(['Abbot', 'Ames', 'Baker', 'Cruz']);
    expect(names(sortGiverRatios(rows, 'ratio'))).toEqual(['Ames', 'Cruz', 'Baker', 'Abbot']);
    expect(names(sortGiverRatios(rows, 'ratio', 'desc'))).toEqual([
      'Baker',
      'Ames',
      'Cruz',
      'Abbot',
    ]);
    expect(names(sortGiverRatios(rows, 'positives', 'desc'))).toEqual([
      'Baker',
      'Cruz',
      'Abbot',
      'Ames',
    ]);
  });
});

describe('the recognition window', () => {
  // Monday 2026-11-02 … ; Wednesday 2026-11-11 a holiday.
  const cal: SchoolCalendar = {
    yearStart: '2026-08-17',
    yearEnd: '2027-06-11',
    givingStart: '2026-08-17',
    holidays: new Set(['2026-11-11']),
  };

  it('starts on the first of the last N school days, today counting when it is one', () => {
    // Friday 13 November: 13, 12, 10, 9 (the 11th a holiday) …
    expect(recognitionWindowStart(cal, '2026-11-13', 1)).toBe('2026-11-13');
    expect(recognitionWindowStart(cal, '2026-11-13', 3)).toBe('2026-11-10');
    expect(recognitionWindowStart(cal, '2026-11-13', 10)).toBe('2026-10-30');
    // A Sunday: the last school day is Friday.
    expect(recognitionWindowStart(cal, '2026-11-15', 1)).toBe('2026-11-13');
  });

  it('starts on the first day of the year when the year has not had N school days yet', () => {
    expect(recognitionWindowStart(cal, '2026-08-19', 10)).toBe('2026-08-17');
  });

  it('lists those not recognised since the window opened, never recognised first, then the oldest', () => {
    const rows = [
      { studentId: '1', name: 'Ana Diaz', lastRecognized: '2026-11-12' },
      { studentId: '2', name: 'Ben Ode', lastRecognized: '2026-10-01' },
      { studentId: '3', name: 'Cy Ray', lastRecognized: null },
      { studentId: '4', name: 'Di Sol', lastRecognized: '2026-10-29' },
      { studentId: '5', name: 'Al Bo', lastRecognized: null },
      { studentId: '6', name: 'Ed Fay', lastRecognized: '2026-10-30' },
    ];
    expect(unrecognized(rows, '2026-10-30').map((r) => r.studentId)).toEqual(['5', '3', '2', '4']);
  });

  it('a student recognised today leaves the list', () => {
    const before = [{ studentId: 's', name: 'Sam', lastRecognized: '2026-10-01' }];
    expect(unrecognized(before, '2026-10-30')).toHaveLength(1);
    expect(unrecognized([{ ...before[0]!, lastRecognized: '2026-11-13' }], '2026-10-30')).toEqual(
      [],
    );
  });
});

describe('risk ratios', () => {
  it('divide the group’s share by the share of all other students', () => {
    expect(riskRatio(10, 20, 20, 80)).toBe(2); // 50% against 25%
    expect(riskRatio(5, 20, 40, 80)).toBe(0.5);
    expect(riskRatio(1, 3, 1, 3)).toBe(1);
    expect(riskRatio(2, 30, 10, 70)).toBe(0.47);
  });

  it('are null when the others’ share is 0, or there are no others', () => {
    expect(riskRatio(4, 20, 0, 80)).toBeNull();
    expect(riskRatio(4, 20, 0, 0)).toBeNull();
  });
});

describe('suppression', () => {
  const sizes = (xs: Record<string, number>) =>
    Object.entries(xs).map(([group, students]) => ({ group, students }));

  it('hides groups of fewer than 10 students; 10 show', () => {
    expect([...suppressedGroups(sizes({ a: 9, b: 9, c: 100 }))].sort()).toEqual(['a', 'b']);
    expect([...suppressedGroups(sizes({ a: 10, b: 100 }))]).toEqual([]);
  });

  it('hides a group whose complement is fewer than 10 students (but some)', () => {
    // Eight English learners: both groups hidden, or 200 − "no" would give them away.
    expect([...suppressedGroups(sizes({ yes: 8, no: 200 }))].sort()).toEqual(['no', 'yes']);
    // One group holding every student has no complement to give away.
    expect([...suppressedGroups(sizes({ all: 50 }))]).toEqual([]);
  });

  it('hides the next smallest group when one hidden group could be subtracted out', () => {
    expect([...suppressedGroups(sizes({ a: 5, b: 40, c: 12, d: 60 }))].sort()).toEqual(['a', 'c']);
  });

  it('keeps hiding while the hidden groups together hold fewer than 10 students', () => {
    // 3 + 4 = 7 students: together they would still describe fewer than 10.
    expect([...suppressedGroups(sizes({ a: 3, b: 4, c: 30, d: 11, e: 50 }))].sort()).toEqual([
      'a',
      'b',
      'd',
    ]);
    // 6 + 5 = 11: enough, nothing more hidden.
    expect([...suppressedGroups(sizes({ a: 6, b: 5, c: 30, d: 50 }))].sort()).toEqual(['a', 'b']);
  });

  it('ignores empty groups and may hide everything', () => {
    expect([...suppressedGroups(sizes({ a: 0, b: 40, c: 30 }))]).toEqual([]);
    expect([...suppressedGroups(sizes({ a: 4, b: 3 }))].sort()).toEqual(['a', 'b']);
  });
});

describe('the fairness rows', () => {
  const students = (
    group: string,
    n: number,
    bonuses: (i: number) => number,
    flags: (i: number) => number,
  ): EquityStudent[] =>
    Array.from({ length: n }, (_, i) => ({ group, bonuses: bonuses(i), flags: flags(i) }));

  it('a group of 9 is suppressed: every figure null', () => {
    const rows = equityRows('ell', [
      ...students(
        'yes',
        9,
        () => 1,
        () => 1,
      ),
      ...students(
        'no',
        40,
        (i) => i % 2,
        () => 0,
      ),
      ...students(
        'unknown',
        30,
        () => 2,
        (i) => (i < 3 ? 1 : 0),
      ),
    ]);
    expect(rows.map((r) => r.group)).toEqual(['yes', 'no', 'unknown']);
    expect(rows[0]).toEqual({
      group: 'yes',
      students: null,
      recognizedShare: null,
      bonusesPerStudent: null,
      flagsPerStudent: null,
      bonusRiskRatio: null,
      flagRiskRatio: null,
      suppressed: true,
    });
    // One group hidden: the next smallest (30 unknown) is hidden too.
    expect(rows[2]!.suppressed).toBe(true);
    expect(rows[1]).toMatchObject({ students: 40, recognizedShare: 0.5, suppressed: false });
  });

  it('gives each shown group its shares, rates and risk ratios against everyone else', () => {
    const rows = equityRows('sex', [
      ...students(
        'female',
        20,
        (i) => (i < 10 ? 2 : 0),
        () => 0,
      ),
      ...students(
        'male',
        20,
        (i) => (i < 5 ? 1 : 0),
        (i) => (i < 8 ? 1 : 0),
      ),
      ...students(
        'unknown',
        10,
        (i) => (i < 5 ? 1 : 0),
        (i) => (i < 2 ? 3 : 0),
      ),
    ]);
    expect(rows).toEqual([
      {
        group: 'male',
        students: 20,
        recognizedShare: 0.25,
        bonusesPerStudent: 0.25,
        flagsPerStudent: 0.4,
        bonusRiskRatio: 0.5, // 25% against 15 of 30
        flagRiskRatio: 6, // 40% against 2 of 30
        suppressed: false,
      },
      {
        group: 'female',
        students: 20,
        recognizedShare: 0.5,
        bonusesPerStudent: 1,
        flagsPerStudent: 0,
        bonusRiskRatio: 1.5, // 50% against 10 of 30
        flagRiskRatio: 0, // 0% against 10 of 30
        suppressed: false,
      },
      {
        group: 'unknown',
        students: 10,
        recognizedShare: 0.5,
        bonusesPerStudent: 0.5,
        flagsPerStudent: 0.6,
        bonusRiskRatio: 1.33, // 50% against 15 of 40
        flagRiskRatio: 1, // 20% against 8 of 40
        suppressed: false,
      },
    ]);
    expect(groupsOfConcern(rows)).toEqual({ flaggedMore: ['male'], recognizedLess: ['male'] });
  });
});

describe('groups of a breakdown', () => {
  const d = (over: Partial<Demographics>): Demographics => ({ ...NO_DEMOGRAPHICS, ...over });

  it('one race per student: two or more when said or when several are named', () => {
    expect(raceGroup(d({ asian: true, white: false }))).toBe('asian');
    expect(raceGroup(d({ asian: true, white: true }))).toBe('twoOrMoreRaces');
    expect(raceGroup(d({ demographicRaceTwoOrMoreRaces: true }))).toBe('twoOrMoreRaces');
    expect(raceGroup(d({ white: false }))).toBe('unknown');
  });

  it('reads each breakdown, unknown when nothing is recorded', () => {
    expect(groupOf('ethnicity', d({ hispanicOrLatinoEthnicity: true }), null)).toBe(
      'hispanicOrLatino',
    );
    expect(groupOf('ethnicity', null, null)).toBe('unknown');
    expect(groupOf('sex', d({ sex: 'female' }), null)).toBe('female');
    expect(groupOf('grade', null, '07')).toBe('7');
    expect(groupOf('grade', null, null)).toBe('none');
    expect(groupOf('ell', d({ englishLearner: true }), null)).toBe('yes');
    expect(groupOf('sped', d({ specialEducation: false }), null)).toBe('no');
    expect(groupOf('frl', d({}), null)).toBe('unknown');
  });
});
