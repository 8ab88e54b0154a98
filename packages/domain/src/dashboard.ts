import { ICON_THEMES } from './icons-data.js';
import { msg, schemaText } from './message.js';
import {
  addDays,
  daysFrom,
  isSchoolDay,
  type IsoDate,
  type SchoolCalendar,
} from './school-days.js';
import { schoolYearMonths, weekStart } from './report-ranges.js';
import {
  EMOJI_PRICES,
  gemTier,
  MEMBER_STATUS_LEVELS,
  memberStatus,
  type GemTier,
  type MemberStatusLevel,
} from './tiers.js';

/**
 * The student dashboard, pay periods and academic projections: pure rules the server answers
 * with and the web shows (docs/decisions/045-pay-periods.md, docs/decisions/046-student-dashboard.md,
 * docs/decisions/047-academic-projections.md).
 */

/** docs/spec.md section 9: the theme of each member level's icons. */
export const LEVEL_THEMES: Record<MemberStatusLevel, string> = {
  Bronze: 'faces',
  Silver: 'nature and weather',
  Gold: 'animals',
  Platinum: 'music',
  Ruby: 'art',
  Emerald: 'sports and games',
};

/* ---- pay periods ---- */

export interface PayPeriod {
  /** 'August 2025'. */
  label: string;
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * The pay periods of a school year: its calendar months, the first from the year's start and the
 * last to its end (so a year of August 1 to June 30 has eleven). They are the reports' months of
 * the year (docs/decisions/045-pay-periods.md), so they are derived from them, not counted again.
 * Empty when the span is backwards.
 */
export const payPeriods = (yearStart: IsoDate, yearEnd: IsoDate): PayPeriod[] =>
  schoolYearMonths({ yearStart, yearEnd }).map((m) => ({
    label: m.label,
    startDate: m.from,
    endDate: m.to,
  }));

/* ---- earned over time ---- */

export type ChartBucket = 'day' | 'week';
/** Up to two months reads well day by day; longer ranges are summed by week. */
export const MAX_DAY_BUCKETS = 62;
/** The longest range the dashboard answers (a school year and a bit). */
export const MAX_DASHBOARD_DAYS = 400;
export const rangeTooLongMessage = msg('msg.rangeTooLong', { days: MAX_DASHBOARD_DAYS });
/** Its English text, for the dashboard's schema (zod takes text; the server knows it again). */
export const rangeTooLong = schemaText(rangeTooLongMessage);

/** Days from `start` to `end`, both counted (0 when `end` is before `start`). */
export function daysBetween(start: IsoDate, end: IsoDate): number {
  const days = daysFrom(start, end);
  return days < 0 ? 0 : days + 1;
}

export const chartBucket = (start: IsoDate, end: IsoDate): ChartBucket =>
  daysBetween(start, end) <= MAX_DAY_BUCKETS ? 'day' : 'week';

export const bucketOf = (date: IsoDate, bucket: ChartBucket): IsoDate =>
  bucket === 'day' ? date : weekStart(date);

/** The first day of every bucket touching [start, end], in order (a week may begin before `start`). */
export function bucketStarts(start: IsoDate, end: IsoDate, bucket: ChartBucket): IsoDate[] {
  const out: IsoDate[] = [];
  const step = bucket === 'day' ? 1 : 7;
  for (let d = bucketOf(start, bucket); d <= end; d = addDays(d, step)) out.push(d);
  return out;
}

/* ---- level unlocks ---- */

export interface LevelUnlock {
  level: MemberStatusLevel;
  theme: string;
  /** How many icon designs the level adds (each as a free Icon and a priced Emoji). */
  designs: number;
  emojiPrice: number;
}

/** What reaching the level after `level` unlocks; null at the top. */
export function nextUnlock(level: MemberStatusLevel): LevelUnlock | null {
  const i = MEMBER_STATUS_LEVELS.findIndex(([name]) => name === level);
  const next = MEMBER_STATUS_LEVELS[i + 1]?.[0];
  if (!next) return null;
  return {
    level: next,
    theme: LEVEL_THEMES[next],
    designs: ICON_THEMES.filter(([, , l]) => l === next).length,
    emojiPrice: EMOJI_PRICES[next],
  };
}

/* ---- academic projections ---- */

/** Giving days (school days from the giving start) in [from, to]. */
export function givingDaysBetween(cal: SchoolCalendar, from: IsoDate, to: IsoDate): number {
  let n = 0;
  const first = from > cal.givingStart ? from : cal.givingStart;
  for (let d = first; d <= to; d = addDays(d, 1)) if (isSchoolDay(cal, d)) n++;
  return n;
}

/** How many days back the pace looks. */
export const PACE_DAYS = 28;

/** The days a pace is measured over: the last 28 before today, not before giving started. */
export function paceWindow(cal: SchoolCalendar, today: IsoDate): { start: IsoDate; end: IsoDate } {
  const back = addDays(today, -PACE_DAYS);
  const end = addDays(today, -1);
  const start = back > cal.givingStart ? back : cal.givingStart;
  return { start, end: end < cal.yearEnd ? end : cal.yearEnd };
}

export interface PeriodProjection extends PayPeriod {
  /** Giving days after today up to the period's end. */
  givingDaysLeft: number;
  projectedBalance: number;
  projectedTier: GemTier;
  /** This school year's earnings by then (what the member level follows). */
  projectedYearEarned: number;
  projectedMemberStatus: MemberStatusLevel;
}

export interface ProjectionInput {
  today: IsoDate;
  calendar: SchoolCalendar;
  balance: number;
  yearEarned: number;
  /** Net points earned per giving day: what the student earns on a school day, flags counted. */
  pacePerDay: number;
  periods: readonly PayPeriod[];
}

/**
 * The balance, gem tier and member level at the end of each pay period not yet over, if the
 * student keeps earning at their pace and spends nothing more (today's points are in the balance
 * already, so the days counted start tomorrow).
 */
export function projectPayPeriods(p: ProjectionInput): PeriodProjection[] {
  const tomorrow = addDays(p.today, 1);
  return p.periods
    .filter((period) => period.endDate >= p.today)
    .map((period) => {
      const givingDaysLeft = givingDaysBetween(p.calendar, tomorrow, period.endDate);
      const gain = Math.round(p.pacePerDay * givingDaysLeft);
      const projectedBalance = p.balance + gain;
      const projectedYearEarned = Math.max(0, p.yearEarned + gain);
      return {
        ...period,
        givingDaysLeft,
        projectedBalance,
        projectedTier: gemTier(projectedBalance).tier,
        projectedYearEarned,
        projectedMemberStatus: memberStatus(projectedYearEarned).tier,
      };
    });
}

/** Points per giving day from what was earned over a window of `days` giving days (0 without any), to one decimal. */
export const pacePerDay = (earned: number, days: number): number =>
  days > 0 ? Math.round((earned / days) * 10) / 10 : 0;
