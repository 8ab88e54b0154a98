import { ordinal } from './grades.js';

export interface PeriodLike {
  _id: string;
  externalTeacherId: string;
  coTeachers: readonly string[];
  periodNumber: number;
  sectionNumbers: readonly string[];
  studentCount: number;
}

/** 0 → Homeroom, 99 → Other, n → "Nth Period". */
export function periodLabel(periodNumber: number): string {
  if (periodNumber === 0) return 'Homeroom';
  if (periodNumber === 99) return 'Other';
  return `${ordinal(periodNumber)} Period`;
}

const firstSection = (p: PeriodLike) => p.sectionNumbers[0] ?? '';
/** `a.localeCompare(b, undefined, { numeric: true })`, with the collator built once (localeCompare with options builds one per call). */
const numericOrder = new Intl.Collator(undefined, { numeric: true });
const bySection = (a: PeriodLike, b: PeriodLike) =>
  numericOrder.compare(firstSection(a), firstSection(b));

/** A teacher sees periods they teach or co-teach that have students. */
export function isTeacherOfPeriod(p: PeriodLike, teacherExternalId: string): boolean {
  return p.externalTeacherId === teacherExternalId || p.coTeachers.includes(teacherExternalId);
}

/** Teacher view: own periods first, then by period number, then first section number. */
export function teacherPeriods<T extends PeriodLike>(
  periods: readonly T[],
  teacherExternalId: string,
): T[] {
  return periods
    .filter((p) => p.studentCount > 0 && isTeacherOfPeriod(p, teacherExternalId))
    .sort((a, b) => {
      const ownA = a.externalTeacherId === teacherExternalId ? 0 : 1;
      const ownB = b.externalTeacherId === teacherExternalId ? 0 : 1;
      return ownA - ownB || a.periodNumber - b.periodNumber || bySection(a, b);
    });
}

/** School view: periods with students, by period number. */
export function schoolPeriods<T extends PeriodLike>(periods: readonly T[]): T[] {
  return periods
    .filter((p) => p.studentCount > 0)
    .sort((a, b) => a.periodNumber - b.periodNumber || bySection(a, b));
}
