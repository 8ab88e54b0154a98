import type { MessageKey } from '../i18n/en/index.js';
import { addDays, isSchoolDay, type IsoDate, type SchoolCalendar } from '../school-days.js';

/*
 * A giver's ratio of positive to corrective feedback, and the students nobody has recognised
 * (issue 34). On-task behaviour rises with the ratio with no threshold, so the school picks its
 * own target; the defaults follow the usual PBIS advice of 4:1.
 */

/** The target ratio a school sets (Settings → School): 4 by default, 1 to 20. */
export const PBIS_TARGET_DEFAULT = 4;
export const PBIS_TARGET_MIN = 1;
export const PBIS_TARGET_MAX = 20;

/**
 * The windows a ratio may be counted over: the report ranges' words that move with today
 * (report-ranges.ts), not a fixed month or year.
 */
export const PBIS_RATIO_WINDOWS = ['this-week', 'this-month', 'year-to-date'] as const;
export type PbisRatioWindow = (typeof PBIS_RATIO_WINDOWS)[number];
export const PBIS_RATIO_WINDOW_DEFAULT: PbisRatioWindow = 'this-week';

/** A student is "not recognised" after this many school days without a bonus: 10 by default, 1 to 60. */
export const RECOGNITION_DAYS_DEFAULT = 10;
export const RECOGNITION_DAYS_MIN = 1;
export const RECOGNITION_DAYS_MAX = 60;

/** Positives per corrective to one decimal ("3.5"); null while there is no corrective to divide by. */
export function feedbackRatio(positives: number, correctives: number): number | null {
  if (correctives <= 0) return null;
  return Math.round((positives / correctives) * 10) / 10;
}

/**
 * The gentle line's rule: whether one more corrective would leave fewer positives per corrective
 * than the target. Counted on the exact figures, not the rounded ratio, so 3.96 is under 4.
 */
export function flagWouldDropBelow(
  positives: number,
  correctives: number,
  target: number,
): boolean {
  return positives / (correctives + 1) < target;
}

/** A message the screens write in their language: a catalogue key and its values. */
export interface PbisMessage {
  key: MessageKey;
  values: Record<string, string | number>;
}

/** A window as the catalogue's `{window, select, …}` names it (ICU selectors take no hyphen). */
export const WINDOW_WORD: Record<PbisRatioWindow, 'week' | 'month' | 'year'> = {
  'this-week': 'week',
  'this-month': 'month',
  'year-to-date': 'year',
};

/**
 * The line the class page shows when one more flag would take the giver under the target
 * ("3 bonuses for every flag this week; your target is 4"), else null. `window` is the range
 * the figures were counted over; the catalogue words it.
 */
export function coachingLine(
  c: { positives: number; correctives: number; target: number },
  window: PbisRatioWindow,
): PbisMessage | null {
  if (!flagWouldDropBelow(c.positives, c.correctives, c.target)) return null;
  const ratio = feedbackRatio(c.positives, c.correctives);
  const words = WINDOW_WORD[window];
  return ratio === null
    ? {
        key: 'classroom.coaching.lineNoFlag',
        values: { positives: c.positives, target: c.target, window: words },
      }
    : { key: 'classroom.coaching.line', values: { ratio, target: c.target, window: words } };
}

/**
 * The first day of the last `n` school days up to `today` (today counts when it is one): a bonus on
 * or after it recognises a student. Early in the year, with fewer school days behind, the year's
 * first day.
 */
export function recognitionWindowStart(cal: SchoolCalendar, today: IsoDate, n: number): IsoDate {
  let d = today > cal.yearEnd ? cal.yearEnd : today;
  let found = 0;
  // A year has about 180 school days: 400 calendar days bound a garbled calendar.
  for (let i = 0; i < 400 && d >= cal.yearStart; i++, d = addDays(d, -1)) {
    if (!isSchoolDay(cal, d)) continue;
    if (++found >= n) return d;
  }
  return cal.yearStart;
}

export interface RecognitionRow {
  studentId: string;
  name: string;
  /** The day of the student's latest bonus from anyone, or null: never recognised. */
  lastRecognized: IsoDate | null;
}

/**
 * The students not recognised since `windowStart`, those nobody has recognised longest first:
 * never recognised, then the oldest last bonus, then by name. A student recognised on or after
 * the window's first day (today included) leaves the list.
 */
export function unrecognized<T extends RecognitionRow>(
  rows: readonly T[],
  windowStart: IsoDate,
): T[] {
  return rows
    .filter((r) => r.lastRecognized === null || r.lastRecognized < windowStart)
    .sort(
      (a, b) =>
        (a.lastRecognized === null ? 0 : 1) - (b.lastRecognized === null ? 0 : 1) ||
        (a.lastRecognized ?? '').localeCompare(b.lastRecognized ?? '') ||
        a.name.localeCompare(b.name) ||
        a.studentId.localeCompare(b.studentId),
    );
}

/** One giver's figures beside others' on the admin's dashboard. */
export interface GiverRatio {
  giverId: string;
  name: string;
  positives: number;
  correctives: number;
  ratio: number | null;
}

export const GIVER_RATIO_SORTS = ['name', 'ratio', 'positives', 'correctives'] as const;
export type GiverRatioSort = (typeof GIVER_RATIO_SORTS)[number];

/**
 * Givers sorted by one column, ascending or descending; a null ratio (no corrective, nothing to
 * divide) sorts after every number either way, and ties go by name.
 */
export function sortGiverRatios<T extends GiverRatio>(
  rows: readonly T[],
  by: GiverRatioSort,
  order: 'asc' | 'desc' = 'asc',
): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: T, b: T) => a.name.localeCompare(b.name) || a.giverId.localeCompare(b.giverId);
  return [...rows].sort((a, b) => {
    if (by === 'name') return sign * byName(a, b);
    const x = a[by];
    const y = b[by];
    if (x === null || y === null)
      return (x === null ? 1 : 0) - (y === null ? 1 : 0) || byName(a, b);
    return sign * (x - y) || byName(a, b);
  });
}
