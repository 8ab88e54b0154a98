import { describe, expect, it } from 'vitest';
import {
  allows,
  attendanceLabel,
  csvField,
  defaultGivingStart,
  formatInstant,
  monthEnd,
  openingReportTab,
  rangeRefusal as rangeRefusalOf,
  reportTabs,
  screenReportTabs,
  reportRanges,
  ROLES,
  schoolYearFor,
  schoolYearMonths,
  splitByMonths,
  trendGranularity,
  toCsv,
  weekStart,
  yearToDateStart,
  englishOf,
  type Message,
} from '../src/index.js';

/** The refusals read as their English text. */
const textOf = (m: Message | null) => m && englishOf(m);
const rangeRefusal = (...a: Parameters<typeof rangeRefusalOf>) => textOf(rangeRefusalOf(...a));
import { subject } from './subject.js';

const Y2025 = { yearStart: '2025-08-01', yearEnd: '2026-06-30' };

describe('report ranges derived from the school calendar', () => {
  it('gives the spec 2025-26 months, August 2025 to June 2026, February ending on the 28th', () => {
    expect(schoolYearMonths(Y2025).map((m) => [m.label, m.from, m.to])).toEqual([
      ['August 2025', '2025-08-01', '2025-08-31'],
      ['September 2025', '2025-09-01', '2025-09-30'],
      ['October 2025', '2025-10-01', '2025-10-31'],
      ['November 2025', '2025-11-01', '2025-11-30'],
      ['December 2025', '2025-12-01', '2025-12-31'],
      ['January 2026', '2026-01-01', '2026-01-31'],
      ['February 2026', '2026-02-01', '2026-02-28'],
      ['March 2026', '2026-03-01', '2026-03-31'],
      ['April 2026', '2026-04-01', '2026-04-30'],
      ['May 2026', '2026-05-01', '2026-05-31'],
      ['June 2026', '2026-06-01', '2026-06-30'],
    ]);
  });

  it.each([
    // school year start, year to date from: the year's own first day (the spec's 2024-08-01 is 2024-25's)
    ['2024-08-01', '2024-08-01'],
    ['2026-08-01', '2026-08-01'],
    ['2027-08-15', '2027-08-15'],
  ])('year to date of the year starting %s begins %s', (yearStart, from) => {
    expect(yearToDateStart({ yearStart, yearEnd: '2099-06-30' })).toBe(from);
  });

  it.each([
    // month, its last day (a leap February derived, not the spec's fixed 28th)
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2100-02', '2100-02-28'],
    ['2025-12', '2025-12-31'],
    ['2026-04', '2026-04-30'],
  ])('month %s ends on %s', (month, end) => expect(monthEnd(month)).toBe(end));

  it('derives the next year the same way (August 2026 .. June 2027)', () => {
    const months = schoolYearMonths(schoolYearFor('2026-09-10'));
    expect(months).toHaveLength(11);
    expect(months[0]).toMatchObject({ key: 'month-2026-08', from: '2026-08-01', to: '2026-08-31' });
    expect(months[10]).toMatchObject({
      key: 'month-2027-06',
      from: '2027-06-01',
      to: '2027-06-30',
    });
  });

  it('clips the months to a stored year that starts or ends mid-month', () => {
    const months = schoolYearMonths({ yearStart: '2025-08-20', yearEnd: '2026-06-12' });
    expect(months[0]).toMatchObject({ from: '2025-08-20', to: '2025-08-31' });
    expect(months.at(-1)).toMatchObject({ from: '2026-06-01', to: '2026-06-12' });
  });

  it('has no months for a backwards span, not one backwards month', () => {
    expect(schoolYearMonths({ yearStart: '2025-09-15', yearEnd: '2025-09-14' })).toEqual([]);
  });

  it.each([
    // today, this week from (Monday), this month from
    ['2025-11-19', '2025-11-17', '2025-11-01'], // Wednesday
    ['2025-11-17', '2025-11-17', '2025-11-01'], // Monday
    ['2025-11-23', '2025-11-17', '2025-11-01'], // Sunday
    ['2026-03-01', '2026-02-23', '2026-03-01'], // Sunday, week across months
  ])('on %s this week starts %s and this month %s', (today, week, month) => {
    const ranges = reportRanges(Y2025, today);
    expect(weekStart(today)).toBe(week);
    expect(ranges.find((r) => r.key === 'this-week')).toMatchObject({ from: week, to: today });
    expect(ranges.find((r) => r.key === 'this-month')).toMatchObject({ from: month, to: today });
    expect(ranges.find((r) => r.key === 'year-to-date')).toMatchObject({
      from: '2025-08-01',
      to: today,
    });
  });

  it('offers each earlier year: the last one as "Last school year", the others by name', () => {
    const past = [
      { yearStart: '2024-08-01', yearEnd: '2025-06-30' },
      { yearStart: '2023-08-01', yearEnd: '2024-06-30' },
    ];
    const ranges = reportRanges(Y2025, '2025-11-19', past);
    expect(ranges.slice(-2)).toEqual([
      {
        key: 'last-school-year',
        label: 'Last school year (2024-25)',
        from: '2024-08-01',
        to: '2025-06-30',
      },
      {
        key: 'school-year-2023-24',
        label: '2023-24 school year',
        from: '2023-08-01',
        to: '2024-06-30',
      },
    ]);
  });

  it.each([
    // start year, school code, giving start (the spec: 16 August 2025, 15 October 2025 for four codes)
    [2025, 'DEMO', '2025-08-16'],
    [2025, 'LATE1', '2025-10-15'],
    [2025, 'late2', '2025-10-15'],
    [2025, 'LATE3', '2025-10-15'],
    [2025, 'LATE4', '2025-10-15'],
    [2025, 'OTHER', '2025-08-16'],
    [2026, 'LATE1', '2026-10-15'],
    [2026, 'DEMO', '2026-08-16'],
  ])('in %s school %s gives from %s', (year, code, start) => {
    expect(defaultGivingStart(year, code, ['LATE1', 'LATE2', 'LATE3', 'LATE4'])).toBe(start);
  });

  it.each([
    ['2025-08-01', '2026-06-30', null],
    ['2025-08-02', '2025-08-01', 'startDate must be on or before endDate'],
    ['2020-01-01', '2026-01-01', 'A report covers at most 800 days'],
  ])('range %s..%s is refused for: %s', (from, to, why) =>
    expect(rangeRefusal(from, to)).toBe(why),
  );
});

describe('splitting a range for the monthly and daily rollups', () => {
  it.each([
    // from, to, whole months (first days) or null, edge day ranges
    ['2025-08-01', '2026-06-30', ['2025-08-01', '2026-06-01'], []],
    ['2024-08-01', '2025-11-19', ['2024-08-01', '2025-10-01'], [['2025-11-01', '2025-11-19']]],
    ['2025-08-16', '2026-02-28', ['2025-09-01', '2026-02-01'], [['2025-08-16', '2025-08-31']]],
    ['2025-12-15', '2026-01-10', null, [['2025-12-15', '2026-01-10']]],
    ['2025-11-03', '2025-11-07', null, [['2025-11-03', '2025-11-07']]],
    ['2025-11-01', '2025-11-30', ['2025-11-01', '2025-11-01'], []],
    ['2025-11-02', '2026-01-31', ['2025-12-01', '2026-01-01'], [['2025-11-02', '2025-11-30']]],
    ['2028-02-01', '2028-02-28', null, [['2028-02-01', '2028-02-28']]], // a leap February is not whole on the 28th
  ])('%s..%s', (from, to, months, days) => {
    const split = splitByMonths(from, to);
    expect(split.months ? [split.months.from, split.months.to] : null).toEqual(months);
    expect(split.days.map((d) => [d.from, d.to])).toEqual(days);
  });
});

describe('trend grouping', () => {
  it.each([
    ['2025-09-01', '2025-09-01', 'day'],
    ['2025-09-01', '2025-11-01', 'day'], // 62 days
    ['2025-09-01', '2025-11-02', 'month'], // 63 days
    ['2024-08-01', '2025-11-23', 'month'], // year to date
  ] as const)('%s to %s goes by %s', (from, to, by) => {
    expect(trendGranularity(from, to)).toBe(by);
  });
});

describe('attendance codes', () => {
  it.each([
    ['A', undefined, 'Absent'],
    ['t', undefined, 'Tardy'],
    [' E ', undefined, 'Excused absence'],
    ['ZZ', undefined, 'ZZ'],
    ['A', { A: 'Absent (all day)' }, 'Absent (all day)'],
    ['h', { H: 'Half day' }, 'Half day'],
    ['T', { H: 'Half day' }, 'Tardy'],
    ['T', { T: '  ' }, 'Tardy'],
    ['', undefined, ''],
  ])('%j with district labels %j reads %j', (code, labels, expected) =>
    expect(attendanceLabel(code, labels)).toBe(expected),
  );
});

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    [12, '12'],
    [-5, '-5'],
    ['-5', '-5'],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd', "'@cmd"],
  ])('field %j is written %j', (v, out) => expect(csvField(v)).toBe(out));

  it('writes instants in the school time zone and names it in date headers', () => {
    const at = new Date('2025-11-03T07:30:00Z');
    expect(formatInstant(at, 'America/Los_Angeles')).toBe('2025-11-02 23:30');
    expect(formatInstant(at, 'America/New_York')).toBe('2025-11-03 02:30');
    const csv = toCsv(
      [
        { label: 'Name', value: (r: { n: string; at: Date; d: string }) => r.n },
        { label: 'Given', value: (r) => r.at, dated: true },
        { label: 'Day', value: (r) => r.d, dated: true },
      ],
      [{ n: 'Lee, Ann', at, d: '2025-11-02' }],
      'America/Los_Angeles',
    );
    expect(csv).toBe(
      'Name,Given (America/Los_Angeles),Day (America/Los_Angeles)\r\n"Lee, Ann",2025-11-02 23:30,2025-11-02\r\n',
    );
  });
});

describe('the tab /reports opens on', () => {
  it("an admin's school dashboard, a teacher's own classes, else the first tab", () => {
    const admin = reportTabs(subject(['SCHOOL_ADMIN']));
    expect(admin).toContain('class');
    expect(openingReportTab(admin)).toBe('schoolDashboard');
    expect(openingReportTab(reportTabs(subject(['TEACHER'], { periodCount: 2 })))).toBe(
      'myClasses',
    );
    expect(
      openingReportTab(reportTabs(subject(['SCHOOL_ADMIN', 'TEACHER'], { periodCount: 1 }))),
    ).toBe('myClasses');
    expect(openingReportTab(['teacherUsage'] as const)).toBe('teacherUsage');
    expect(openingReportTab([])).toBeUndefined();
  });
});

describe('the tabs of Reports a user may open (issue 34)', () => {
  it("a store manager's Economy only (the store's half): no report of the meta's", () => {
    for (const periodCount of [0, 2]) {
      const manager = subject(['STORE_MANAGER'], { periodCount });
      expect(reportTabs(manager)).toEqual([]);
      expect(screenReportTabs(manager)).toEqual(['economy']);
      expect(openingReportTab(screenReportTabs(manager))).toBe('economy');
    }
    // Their assistant reads no report.
    expect(screenReportTabs(subject(['ASSISTANT_STORE_MANAGER']))).toEqual([]);
  });

  it("an admin's every tab, the meta's then Fairness, Economy and the surveys", () => {
    expect(screenReportTabs(subject(['SCHOOL_ADMIN']))).toEqual([
      'class',
      'student',
      'teacherUsage',
      'schoolStudents',
      'schoolDashboard',
      'fairness',
      'economy',
      'surveys',
    ]);
  });

  it('a PBIS coordinator the school names: Fairness, whatever their staff role', () => {
    const named = (roles: string[]) => ({ ...subject(roles), pbisCoordinator: true });
    expect(screenReportTabs(named(['STAFF']))).toEqual(['fairness']);
    expect(screenReportTabs(named(['STORE_MANAGER']))).toEqual(['fairness', 'economy']);
    expect(screenReportTabs({ ...subject(['STAFF']), pbisCoordinator: false })).toEqual([]);
  });

  it('whoever has a tab may open the screen (reports:open), the one gate of /reports', () => {
    for (const role of ROLES)
      for (const periodCount of [0, 1])
        for (const pbisCoordinator of [false, true]) {
          const s = { ...subject([role], { periodCount }), pbisCoordinator };
          if (screenReportTabs(s).length > 0)
            expect(allows(s, 'reports:open'), `${role} ${periodCount} ${pbisCoordinator}`).toBe(
              true,
            );
        }
  });
});
