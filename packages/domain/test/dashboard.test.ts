import { describe, expect, it } from 'vitest';
import {
  bucketStarts,
  chartBucket,
  daysBetween,
  gemProgress,
  givingDaysBetween,
  memberProgress,
  nextUnlock,
  pacePerDay,
  paceWindow,
  payPeriods,
  projectPayPeriods,
  weekStart,
  type SchoolCalendar,
} from '../src/index.js';

/** The 2025–26 year of the spec's constants, with Thanksgiving Thursday as a holiday. */
const YEAR: SchoolCalendar = {
  yearStart: '2025-08-01',
  yearEnd: '2026-06-30',
  givingStart: '2025-08-16',
  holidays: ['2025-11-27'],
};

describe('payPeriods', () => {
  it('gives the eleven months of an August–June year, February ending on the 28th', () => {
    const p = payPeriods(YEAR.yearStart, YEAR.yearEnd);
    expect(p.map((x) => x.label)).toEqual([
      'August 2025',
      'September 2025',
      'October 2025',
      'November 2025',
      'December 2025',
      'January 2026',
      'February 2026',
      'March 2026',
      'April 2026',
      'May 2026',
      'June 2026',
    ]);
    expect(p[6]).toEqual({
      label: 'February 2026',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(p.map((x) => x.endDate)).toContain('2025-09-30');
  });

  it.each([
    // [start, end, expected [start, end] pairs]
    [
      '2025-08-18',
      '2025-10-10',
      [
        ['2025-08-18', '2025-08-31'],
        ['2025-09-01', '2025-09-30'],
        ['2025-10-01', '2025-10-10'],
      ],
    ],
    ['2027-08-01', '2028-03-05', 8],
    ['2025-09-15', '2025-09-15', [['2025-09-15', '2025-09-15']]],
    ['2025-09-15', '2025-09-14', []],
  ] as const)('%s to %s', (start, end, expected) => {
    const p = payPeriods(start, end);
    if (typeof expected === 'number') {
      expect(p).toHaveLength(expected);
      // A leap year's February ends on the 29th.
      expect(p.find((x) => x.startDate === '2028-02-01')?.endDate).toBe('2028-02-29');
    } else expect(p.map((x) => [x.startDate, x.endDate])).toEqual(expected);
  });
});

describe('chart buckets', () => {
  it.each([
    ['2025-09-01', '2025-09-01', 1, 'day'],
    ['2025-09-01', '2025-10-31', 61, 'day'],
    ['2025-09-01', '2025-11-01', 62, 'day'],
    ['2025-09-01', '2025-11-02', 63, 'week'],
    ['2025-09-02', '2025-09-01', 0, 'day'],
  ] as const)('%s to %s is %i days, by %s', (start, end, days, bucket) => {
    expect(daysBetween(start, end)).toBe(days);
    expect(chartBucket(start, end)).toBe(bucket);
  });

  it.each([
    ['2025-09-01', '2025-09-01'], // Monday
    ['2025-09-03', '2025-09-01'],
    ['2025-09-07', '2025-09-01'], // Sunday
    ['2025-09-08', '2025-09-08'],
    ['2026-03-01', '2026-02-23'],
  ])('the week of %s starts on %s', (date, monday) => expect(weekStart(date)).toBe(monday));

  it('lists every day, or every week touching the range', () => {
    expect(bucketStarts('2025-09-29', '2025-10-02', 'day')).toEqual([
      '2025-09-29',
      '2025-09-30',
      '2025-10-01',
      '2025-10-02',
    ]);
    expect(bucketStarts('2025-09-03', '2025-09-22', 'week')).toEqual([
      '2025-09-01',
      '2025-09-08',
      '2025-09-15',
      '2025-09-22',
    ]);
  });
});

describe('ladders', () => {
  it.each([
    [-20, 0],
    [0, 0],
    [50, 50],
    [99, 99],
    [100, 0],
    [175, 50],
    [14_999, 99],
    [15_000, 100],
    [90_000, 100],
  ])('balance %i is %i%% of the way to the next gem tier', (balance, pct) =>
    expect(gemProgress(balance)).toBe(pct),
  );

  it.each([
    [0, 0],
    [125, 50],
    [250, 0],
    [4_999, 99],
    [5_000, 100],
  ])('%i earned this year is %i%% of the way to the next member level', (earned, pct) =>
    expect(memberProgress(earned)).toBe(pct),
  );

  it.each([
    ['Bronze', { level: 'Silver', theme: 'nature and weather', emojiPrice: 60 }],
    ['Gold', { level: 'Platinum', theme: 'music', emojiPrice: 80, designs: 22 }],
    ['Ruby', { level: 'Emerald', theme: 'sports and games', emojiPrice: 100, designs: 24 }],
  ] as const)('after %s comes %o', (level, unlock) =>
    expect(nextUnlock(level)).toMatchObject(unlock),
  );

  it('the top level unlocks nothing more', () => expect(nextUnlock('Emerald')).toBeNull());
});

describe('giving days and pace', () => {
  it.each([
    // Mon 2025-11-24 to Sun 2025-11-30: Thursday 27th is a holiday, the weekend does not count.
    ['2025-11-24', '2025-11-30', 4],
    // Before giving starts (Sat 16 August) nothing counts: Mon 18 to Fri 22.
    ['2025-08-01', '2025-08-22', 5],
    // After the year ends nothing counts.
    ['2026-06-29', '2026-07-10', 2],
    ['2025-09-02', '2025-09-01', 0],
  ])('%s to %s has %i giving days', (from, to, n) =>
    expect(givingDaysBetween(YEAR, from, to)).toBe(n),
  );

  it.each([
    ['2025-10-15', { start: '2025-09-17', end: '2025-10-14' }],
    // Early in the year the window starts with giving.
    ['2025-08-20', { start: '2025-08-16', end: '2025-08-19' }],
    // After the year the window stops at its end.
    ['2026-07-20', { start: '2026-06-22', end: '2026-06-30' }],
  ])('the pace on %s is measured over %o', (today, window) =>
    expect(paceWindow(YEAR, today)).toEqual(window),
  );

  it.each([
    [100, 20, 5],
    [10, 3, 3.3],
    [-7, 2, -3.5],
    [50, 0, 0],
  ])('%i earned over %i giving days is %f a day', (earned, days, pace) =>
    expect(pacePerDay(earned, days)).toBe(pace),
  );
});

describe('projectPayPeriods', () => {
  const periods = payPeriods(YEAR.yearStart, YEAR.yearEnd);
  const base = { calendar: YEAR, periods, balance: 240, yearEarned: 700 };

  it('projects each remaining month from tomorrow at the pace, with tier and level', () => {
    // Wednesday 2025-11-19: Thu 20, Fri 21, Mon 24, Tue 25, Wed 26 (27th a holiday), Fri 28 = 6 giving days left in November.
    const p = projectPayPeriods({ ...base, today: '2025-11-19', pacePerDay: 5 });
    expect(p[0]).toEqual({
      label: 'November 2025',
      startDate: '2025-11-01',
      endDate: '2025-11-30',
      givingDaysLeft: 6,
      projectedBalance: 270,
      projectedTier: 'Gold',
      projectedYearEarned: 730,
      projectedMemberStatus: 'Silver',
    });
    expect(p.map((x) => x.label)).toEqual([
      'November 2025',
      'December 2025',
      'January 2026',
      'February 2026',
      'March 2026',
      'April 2026',
      'May 2026',
      'June 2026',
    ]);
    // Months add up: each later month counts every giving day from tomorrow.
    for (let i = 1; i < p.length; i++)
      expect(p[i]!.givingDaysLeft).toBeGreaterThan(p[i - 1]!.givingDaysLeft);
    expect(p.at(-1)!.projectedBalance).toBe(240 + 5 * p.at(-1)!.givingDaysLeft);
    expect(p.at(-1)!.projectedMemberStatus).not.toBe('Silver');
  });

  it.each([
    // [today, pace, first projected balance, its tier]
    ['2025-11-30', 5, 240, 'Silver'], // the last day of a month: nothing left in it
    ['2025-11-19', 0, 240, 'Silver'],
    ['2025-11-19', -50, -60, 'Bronze'], // flags outpace bonuses
    ['2025-11-19', 2.5, 255, 'Gold'],
  ] as const)('on %s at %f a day the month ends at %i (%s)', (today, pace, balance, tier) => {
    const [first] = projectPayPeriods({ ...base, today, pacePerDay: pace });
    expect(first).toMatchObject({ projectedBalance: balance, projectedTier: tier });
  });

  it('a negative pace never takes the year’s earnings below zero', () => {
    const p = projectPayPeriods({ ...base, yearEarned: 10, today: '2025-11-19', pacePerDay: -50 });
    expect(p[0]!.projectedYearEarned).toBe(0);
    expect(p[0]!.projectedMemberStatus).toBe('Bronze');
  });

  it('after the year ends there is nothing to project', () => {
    expect(projectPayPeriods({ ...base, today: '2026-07-01', pacePerDay: 5 })).toEqual([]);
  });
});
