import { todayIn, type IsoDate } from './school-days.js';

/** One delivery date of a school (settings): its cut-off, and the grades it serves (none = all). */
export interface DeliveryDateEntry {
  _id?: string;
  date: IsoDate;
  cutOffDate: IsoDate;
  gradeLevels: readonly string[];
}

/**
 * Which dates count as still to come (docs/spec.md section 9): with the Pickup store model a date counts
 * while it is today or later; with any other model (delivery) while its cut-off has not passed.
 */
export type DeliveryMode = 'date' | 'cutOff';
export const deliveryMode = (storeModel: string): DeliveryMode =>
  storeModel === 'Pickup' ? 'date' : 'cutOff';

/** A cut-off counts until the end of its day in the school's time zone: passed only from the next day. */
export const cutOffPassed = (cutOffDate: IsoDate, today: IsoDate): boolean => today > cutOffDate;

/** '05' and '5' are one grade, as are 'Kindergarten' and 'kindergarten'. */
export function normalizeGrade(grade: string): string {
  const g = grade.trim().toLowerCase();
  return /^\d+$/.test(g) ? String(Number(g)) : g;
}

/** A date with no grade restriction serves everyone; otherwise only users of one of its grades. */
export function gradeMatches(
  gradeLevels: readonly string[],
  grade: string | null | undefined,
): boolean {
  if (!gradeLevels.length) return true;
  if (!grade) return false;
  const g = normalizeGrade(grade);
  return gradeLevels.some((l) => normalizeGrade(l) === g);
}

export interface NextDeliveryFor {
  /** The instant to judge at; the day is taken in `timeZone`. */
  now: Date;
  timeZone: string;
  gradeLevel: string | null | undefined;
  storeModel: string;
}

/**
 * The next delivery date for a user (docs/spec.md section 9): the earliest date whose cut-off has not
 * passed (Pickup: whose date is today or later) that serves the user's grade or every grade.
 */
export function nextDeliveryDate<T extends DeliveryDateEntry>(
  entries: readonly T[],
  at: NextDeliveryFor,
): T | null {
  const today = todayIn(at.timeZone, at.now);
  return nextDeliveryDateOn(entries, today, at.gradeLevel, deliveryMode(at.storeModel));
}

/** nextDeliveryDate for a day already known in the school's time zone. */
export function nextDeliveryDateOn<T extends DeliveryDateEntry>(
  entries: readonly T[],
  today: IsoDate,
  gradeLevel: string | null | undefined,
  mode: DeliveryMode,
): T | null {
  let best: T | null = null;
  for (const e of entries) {
    const upcoming = mode === 'date' ? e.date >= today : !cutOffPassed(e.cutOffDate, today);
    if (!upcoming || !gradeMatches(e.gradeLevels, gradeLevel)) continue;
    if (!best || e.date < best.date || (e.date === best.date && e.cutOffDate < best.cutOffDate))
      best = e;
  }
  return best;
}
