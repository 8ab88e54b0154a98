import { describe, expect, it } from 'vitest';
import {
  coachingResponse,
  demographicsBody,
  economyReading,
  equityQuery,
  median,
  msg,
  NO_DEMOGRAPHICS,
  pbisRangeQuery,
  percentile,
  priceIndexWeeks,
  readDemographics,
  schoolProfileBody,
  scopeFor,
  topShare,
  weekStarts,
} from '../src/index.js';
import { subject } from './subject.js';

/* The rules of issue 34 (PBIS done right), continued: the economy, who reads demographics, the schemas, demographics.csv. */

describe('the economy', () => {
  it('buckets a range by school week (Mondays)', () => {
    expect(weekStarts('2026-11-04', '2026-11-20')).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(weekStarts('2026-11-09', '2026-11-09')).toEqual(['2026-11-09']);
    expect(weekStarts('2026-11-10', '2026-11-09')).toEqual([]);
  });

  it('takes medians and percentiles as PostgreSQL’s percentile_cont does', () => {
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([])).toBeNull();
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1);
    expect(percentile([7], 90)).toBe(7);
  });

  it('gives the share of the top 10% of givers (at least one giver)', () => {
    expect(topShare([100, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(1);
    expect(topShare([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10])).toBe(0.167); // 2 of 12
    expect(topShare([5, 3, 2])).toBe(0.5);
    expect(topShare([])).toBeNull();
    expect(topShare([0, 0])).toBeNull();
  });

  it('prices a typical item in weeks of a typical student’s earning', () => {
    expect(priceIndexWeeks(80, 25)).toBe(3.2);
    expect(priceIndexWeeks(null, 25)).toBeNull();
    expect(priceIndexWeeks(80, 0)).toBeNull();
    expect(priceIndexWeeks(80, null)).toBeNull();
  });

  it('reads the economy plainly: issuing that moved while prices did not', () => {
    const oct = { month: '2026-10', issued: 1000, medianPrice: 50 };
    expect(economyReading([oct, { month: '2026-11', issued: 1400, medianPrice: 52 }], 3.2)).toEqual(
      {
        key: 'reports.economy.reading.cheaper',
        values: { percent: 40, month: '2026-11' },
      },
    );
    expect(economyReading([oct, { month: '2026-11', issued: 700, medianPrice: 50 }], 3.2)).toEqual({
      key: 'reports.economy.reading.dearer',
      values: { percent: 30, month: '2026-11' },
    });
    expect(
      economyReading([oct, { month: '2026-11', issued: 1300, medianPrice: 60 }], 3.2)?.key,
    ).toBe('reports.economy.reading.together');
    // A small change, or no prices to compare: the price index.
    expect(economyReading([oct, { month: '2026-11', issued: 1100, medianPrice: 50 }], 3.2)).toEqual(
      {
        key: 'reports.economy.reading.index',
        values: { weeks: 3.2 },
      },
    );
    expect(
      economyReading(
        [
          { ...oct, medianPrice: null },
          { month: '2026-11', issued: 5000, medianPrice: 50 },
        ],
        null,
      ),
    ).toBeNull();
  });
});

describe('who reads demographics (reports:equity)', () => {
  const named = (roles: string[], id = 'u1') => ({
    ...subject(roles, { school: { pbisCoordinatorIds: ['u1'] } }),
    id,
  });

  it('school and super admins; a teacher, a student, a guardian do not', () => {
    expect(scopeFor(subject(['SCHOOL_ADMIN']), 'reports:equity')).toBe('school');
    expect(scopeFor(subject(['SUPER_ADMIN']), 'reports:equity')).toBe('school');
    for (const r of ['TEACHER', 'STUDENT', 'GUARDIAN', 'SCHOOLWIDE_REPORTS'])
      expect(scopeFor(subject([r]), 'reports:equity'), r).toBe('none');
  });

  it('a staff member the school names its PBIS coordinator; never a student or a guardian named', () => {
    expect(scopeFor(named(['TEACHER']), 'reports:equity')).toBe('school');
    expect(scopeFor(named(['STAFF', 'SCHOOLWIDE_REPORTS']), 'reports:equity')).toBe('school');
    expect(scopeFor(named(['TEACHER'], 'u2'), 'reports:equity')).toBe('none');
    expect(scopeFor(named(['STUDENT']), 'reports:equity')).toBe('none');
    expect(scopeFor(named(['GUARDIAN']), 'reports:equity')).toBe('none');
    expect(scopeFor(named(['USER']), 'reports:equity')).toBe('none');
  });

  it('the web’s subject (the session user) says it with pbisCoordinator, under the same role rule', () => {
    const session = (roles: string[], pbisCoordinator: boolean) => ({
      ...subject(roles),
      pbisCoordinator,
    });
    expect(scopeFor(session(['TEACHER'], true), 'reports:equity')).toBe('school');
    expect(scopeFor(session(['TEACHER'], false), 'reports:equity')).toBe('none');
    expect(scopeFor(session(['STUDENT'], true), 'reports:equity')).toBe('none');
    expect(scopeFor(session(['GUARDIAN'], true), 'reports:equity')).toBe('none');
  });

  it('the economy: admins whole, a store manager the store’s half (own)', () => {
    expect(scopeFor(subject(['SCHOOL_ADMIN']), 'reports:economy')).toBe('school');
    expect(scopeFor(subject(['STORE_MANAGER']), 'reports:economy')).toBe('own');
    expect(scopeFor(subject(['TEACHER']), 'reports:economy')).toBe('none');
  });
});

describe('the schemas', () => {
  it('take a range by its word or its dates', () => {
    expect(pbisRangeQuery.parse({ range: 'this-week' })).toEqual({ range: 'this-week' });
    expect(pbisRangeQuery.parse({ range: 'month-2026-11' }).range).toBe('month-2026-11');
    expect(pbisRangeQuery.safeParse({ range: 'last-week' }).success).toBe(false);
    expect(equityQuery.safeParse({ by: 'religion' }).success).toBe(false);
    expect(equityQuery.parse({ by: 'frl' }).by).toBe('frl');
  });

  it('coaching answers exactly the issue’s five fields', () => {
    const answer = { positives: 3, correctives: 1, ratio: 3, target: 4, unrecognized: [] };
    expect(coachingResponse.parse({ ...answer, extra: 1 })).toEqual(answer);
  });

  it('demographics: each field true, false or null (unknown), left out kept', () => {
    expect(demographicsBody.parse({ sex: 'female', asian: true, englishLearner: null })).toEqual({
      sex: 'female',
      asian: true,
      englishLearner: null,
    });
    expect(demographicsBody.safeParse({ sex: 'f' }).success).toBe(false);
    expect(demographicsBody.safeParse({ white: 'yes' }).success).toBe(false);
  });

  it('the school’s PBIS settings: a target of 1 to 20, a window of the reports’ words', () => {
    const profile = {
      name: 'X',
      timeZone: 'America/Chicago',
      schoolType: 'Middle',
      storeModel: 'Pickup',
      hasHouseSystem: false,
      canTeacherGiveAll: true,
    };
    expect(schoolProfileBody.safeParse(profile).success).toBe(true);
    expect(
      schoolProfileBody.safeParse({
        ...profile,
        pbisTargetRatio: 20,
        pbisRatioWindow: 'this-month',
        pbisRecognitionDays: 10,
      }).success,
    ).toBe(true);
    for (const bad of [
      { pbisTargetRatio: 0 },
      { pbisTargetRatio: 21 },
      { pbisTargetRatio: 2.5 },
      { pbisRatioWindow: 'month-2026-11' },
      { pbisRecognitionDays: 0 },
      { pbisCoordinatorIds: ['x'] },
    ])
      expect(schoolProfileBody.safeParse({ ...profile, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
  });
});

describe('demographics.csv', () => {
  const table = (columns: string[], rows: string[][]) => ({
    columns,
    rows: rows.map((r, i) => ({
      line: i + 2,
      values: Object.fromEntries(columns.map((c, j) => [c, r[j] ?? ''])),
    })),
  });
  const students = [
    { sourcedId: 's1', role: 'STUDENT' as const },
    { sourcedId: 's2', role: 'STUDENT' as const },
    { sourcedId: 's3', role: 'STUDENT' as const },
    { sourcedId: 't1', role: 'TEACHER' as const },
  ];

  it('reads sex, the race fields and ethnicity as true/false, and the program columns', () => {
    const read = readDemographics(
      table(
        [
          'sourcedId',
          'status',
          'sex',
          'asian',
          'white',
          'hispanicOrLatinoEthnicity',
          'metadata.ell',
          'Metadata.IEP',
          'metadata.504',
          'metadata.frpl',
        ],
        [
          ['s1', 'active', 'female', 'true', 'false', 'FALSE', 'true', 'false', 'no', 'Y'],
          ['s2', '', 'Male', '', '', 'true', '', '', '', ''],
        ],
      ),
      students,
    );
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([]);
    expect(read.rows).toEqual([
      {
        sourcedId: 's1',
        demographics: {
          ...NO_DEMOGRAPHICS,
          sex: 'female',
          asian: true,
          white: false,
          hispanicOrLatinoEthnicity: false,
          englishLearner: true,
          specialEducation: false,
          section504: false,
          freeReducedLunch: true,
        },
      },
      {
        sourcedId: 's2',
        demographics: { ...NO_DEMOGRAPHICS, sex: 'male', hispanicOrLatinoEthnicity: true },
      },
    ]);
  });

  it('leaves out non-students, repeats and deleted rows; an odd value reads as unknown, with a warning', () => {
    const read = readDemographics(
      table(
        ['sourcedId', 'status', 'sex', 'white'],
        [
          ['t1', '', 'male', 'true'],
          ['s1', '', 'robot', 'maybe'],
          ['s1', '', 'female', 'true'],
          ['s2', 'tobedeleted', 'female', 'true'],
        ],
      ),
      students,
    );
    expect(read.rows).toEqual([{ sourcedId: 's1', demographics: NO_DEMOGRAPHICS }]);
    expect(read.warnings.map((w) => [w.line, w.reason.key])).toEqual([
      [2, 'msg.demographicsNotAStudent'],
      [3, 'msg.demographicsBadSex'],
      [3, 'msg.demographicsBadFlag'],
      [4, 'msg.demographicsRepeated'],
    ]);
    expect(read.errors).toEqual([]);
  });

  it('no file: nothing read; a file without sourcedId: an error', () => {
    expect(readDemographics(undefined, students)).toEqual({ rows: [], errors: [], warnings: [] });
    expect(readDemographics(table(['id', 'sex'], []), students).errors).toEqual([
      {
        file: 'demographics.csv',
        line: 1,
        reason: msg('msg.rosterMissingColumn', { columns: 'sourcedId' }),
      },
    ]);
  });
});
