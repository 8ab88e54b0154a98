import type { Language } from './i18n/languages.js';
import { monthLabel, monthText, type Translator } from './labels.js';
import { msg, type Message } from './message.js';
import {
  addDays,
  addMonths,
  daysFrom,
  lastOfMonth,
  weekdayOf,
  type IsoDate,
} from './school-days.js';

/**
 * Report date ranges derived from the school's calendar each year (docs/spec.md section 9 gives one
 * year's values: year to date from 2024-08-01 (the first day of 2024-25), months August 2025..June 2026, giving from
 * 16 August 2025 or 15 October 2025; docs/decisions/089-reports-by-school-year.md).
 */

export interface ReportRange {
  key: string;
  label: string;
  from: IsoDate;
  to: IsoDate;
}

export interface SchoolYearSpan {
  yearStart: IsoDate;
  yearEnd: IsoDate;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a month ('YYYY-MM'), leap years included. */
export const monthEnd = (month: string): IsoDate => lastOfMonth(`${month}-01`);

/**
 * Each month of the school year, first to last day, clipped to the year; also the pay periods
 * (`payPeriods`). Empty when the span is backwards; 24 months bound a garbled span.
 */
export function schoolYearMonths(span: SchoolYearSpan): ReportRange[] {
  const out: ReportRange[] = [];
  if (span.yearStart > span.yearEnd) return out;
  for (let i = 0, month = span.yearStart.slice(0, 7); i < 24; i++, month = addMonths(month, 1)) {
    const first = `${month}-01`;
    if (first > span.yearEnd) break;
    const from = first < span.yearStart ? span.yearStart : first;
    const end = monthEnd(month);
    out.push({
      key: `month-${month}`,
      label: monthLabel(first),
      from,
      to: end > span.yearEnd ? span.yearEnd : end,
    });
  }
  return out;
}

/**
 * Year to date runs from the current school year's first day; earlier years are ranges of their
 * own (the spec's 2024-08-01 is the first day of the 2024-25 year):
 * docs/decisions/089-reports-by-school-year.md.
 */
export function yearToDateStart(span: SchoolYearSpan): IsoDate {
  return span.yearStart;
}

/** "2024-25" for a year starting and ending in two calendar years. */
const yearName = (span: SchoolYearSpan) => {
  const a = span.yearStart.slice(0, 4);
  const b = span.yearEnd.slice(0, 4);
  return a === b ? a : `${a}-${b.slice(2)}`;
};

/** An earlier school year as a range: the last one is "Last school year", the others by name. */
export function pastYearRanges(past: readonly SchoolYearSpan[]): ReportRange[] {
  return past.map((y, i) => ({
    key: i === 0 ? 'last-school-year' : `school-year-${yearName(y)}`,
    label: i === 0 ? `Last school year (${yearName(y)})` : `${yearName(y)} school year`,
    from: y.yearStart,
    to: y.yearEnd,
  }));
}

/**
 * A preset range's label in the screens' language, read from its key (the server's meta names
 * them in English): "This week" / "Esta semana", a month by Intl ("octubre de 2026"), a past year.
 */
export function rangeLabelText(
  t: Translator,
  lang: Language,
  range: Pick<ReportRange, 'key' | 'label' | 'from' | 'to'>,
): string {
  const year = () => yearName({ yearStart: range.from, yearEnd: range.to });
  if (range.key === 'this-week') return t('labels.range.thisWeek');
  if (range.key === 'this-month') return t('labels.range.thisMonth');
  if (range.key === 'year-to-date') return t('labels.range.yearToDate');
  if (range.key === 'last-school-year') return t('labels.range.lastSchoolYear', { year: year() });
  if (range.key.startsWith('school-year-')) return t('labels.range.schoolYear', { year: year() });
  const month = /^month-(\d{4}-\d{2})$/.exec(range.key);
  if (month) return monthText(lang, month[1]!);
  return range.label;
}

/** Monday of the week of `date`. */
export function weekStart(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The preset ranges a report offers on `today` (custom is any from..to the user picks); `past`: earlier years, latest first. */
export function reportRanges(
  span: SchoolYearSpan,
  today: IsoDate,
  past: readonly SchoolYearSpan[] = [],
): ReportRange[] {
  const monthFirst = `${today.slice(0, 7)}-01`;
  return [
    { key: 'this-week', label: 'This week', from: weekStart(today), to: today },
    { key: 'this-month', label: 'This month', from: monthFirst, to: today },
    { key: 'year-to-date', label: 'Year to date', from: yearToDateStart(span), to: today },
    ...schoolYearMonths(span),
    ...pastYearRanges(past),
  ];
}

/** The four schools the spec starts on 15 October by default (their codes are configured, docs/decisions/041-giving-start-date.md). */
export const DEFAULT_GIVING_START = { month: 8, day: 16 } as const;
export const LATE_GIVING_START = { month: 10, day: 15 } as const;

/** A school's default giving start for the year starting in `startYear`: mid-August, or mid-October for a late-start school. */
export function defaultGivingStart(
  startYear: number,
  schoolCode: string,
  lateStartCodes: readonly string[],
): IsoDate {
  const late = lateStartCodes.some((c) => c.toLowerCase() === schoolCode.toLowerCase());
  const d = late ? LATE_GIVING_START : DEFAULT_GIVING_START;
  return `${startYear}-${pad(d.month)}-${pad(d.day)}`;
}

/** A trend is drawn by day over at most this many days, by month over longer ranges (a year by day would read every student's every day). */
export const TREND_DAILY_MAX_DAYS = 62;

/** How a trend over from..to is grouped: 'day', or 'month' for long ranges. */
export function trendGranularity(from: IsoDate, to: IsoDate): 'day' | 'month' {
  const days = daysFrom(from, to) + 1;
  return days > TREND_DAILY_MAX_DAYS ? 'month' : 'day';
}

/** At most this many days in one report range (two school years and a summer). */
export const MAX_REPORT_DAYS = 800;

/** Why a range cannot be reported on, or null. */
export function rangeRefusal(from: IsoDate, to: IsoDate): Message | null {
  if (from > to) return msg('msg.rangeStartAfterEnd');
  const days = daysFrom(from, to);
  if (days > MAX_REPORT_DAYS) return msg('msg.reportTooLong', { days: MAX_REPORT_DAYS });
  return null;
}

/**
 * A range split for the rollups: whole months (read from the monthly rollup, first days of the
 * first and last month) and the days before and after them (read from the daily rollup).
 */
export function splitByMonths(
  from: IsoDate,
  to: IsoDate,
): { months: { from: IsoDate; to: IsoDate } | null; days: { from: IsoDate; to: IsoDate }[] } {
  const firstFull = from.endsWith('-01') ? from : `${addMonths(from.slice(0, 7), 1)}-01`;
  const lastFullMonth =
    monthEnd(to.slice(0, 7)) === to ? to.slice(0, 7) : addMonths(to.slice(0, 7), -1);
  if (firstFull.slice(0, 7) > lastFullMonth) return { months: null, days: [{ from, to }] };
  const days: { from: IsoDate; to: IsoDate }[] = [];
  if (from < firstFull) days.push({ from, to: addDays(firstFull, -1) });
  const lastFullEnd = monthEnd(lastFullMonth);
  if (to > lastFullEnd) days.push({ from: addDays(lastFullEnd, 1), to });
  return { months: { from: firstFull, to: `${lastFullMonth}-01` }, days };
}
