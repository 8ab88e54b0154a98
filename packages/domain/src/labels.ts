import { gradeLabel } from './grades.js';
import { formatDate } from './school-days.js';

/*
 * Labels as docs/spec.md section 9 gives them, one helper each, for the server and the web
 * (docs/decisions/106-labels-and-print.md): a grade is an ordinal plus "Grade" (gradeLabel, in
 * grades.ts), a house is named as a name, a month by its name, and a report column says whether it
 * counts gives or sums points.
 */

/** A grade or "No grade" for a student without one (reports group those under the key 'None'). */
export const gradeOrNone = (grade: string | null | undefined): string =>
  grade && grade !== 'None' ? gradeLabel(grade) : 'No grade';

/** A house's name as a name: "altruismo" → "Altruismo", "blue-team" → "Blue-Team". */
export const houseLabel = (house: string): string =>
  house
    .trim()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

/** A house or "No house" for a student without one. */
export const houseOrNone = (house: string | null | undefined): string =>
  house && house !== 'None' ? houseLabel(house) : 'No house';

/**
 * A month by name from 'YYYY-MM' or 'YYYY-MM-DD': "October 2026"; `short` for a chart's axis:
 * "Oct 2026".
 */
export const monthLabel = (month: string, form: 'long' | 'short' = 'long'): string =>
  formatDate(`${month.slice(0, 7)}-01`, form === 'long' ? 'MMMM YYYY' : 'MMM YYYY');

/**
 * The report columns' headings: each says whether it counts gives ("(count)") or sums points
 * ("Points …"), so "Bonuses 3" and "Earned 30" are never read as the same kind of figure.
 */
export const REPORT_COLUMN_LABELS = {
  earned: 'Points earned',
  spent: 'Points spent',
  balance: 'Balance (points)',
  bonusCount: 'Bonuses (count)',
  flagCount: 'Flags (count)',
  otherCount: 'Other gives (count)',
  bonusPoints: 'Bonus points',
  flagPoints: 'Flag points',
  classBonusCount: 'Bonuses in class (count)',
  classFlagCount: 'Flags in class (count)',
  givesCount: 'Gives (count)',
  points: 'Points',
  students: 'Students',
  orders: 'Orders (count)',
} as const;
