import {
  ACTIVITY_CATEGORIES,
  rangeRefusal,
  reportRanges,
  weekStart,
  yearToDateStart,
  type ReportFilters,
  type ReportsMeta,
  type ReportTab,
} from '@app/domain';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { schoolYears } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { mayDo, scopeOf } from '../../access/permission.js';
import { loadCalendar } from '../calendar/service.js';

/** At most this many earlier years in the year picker. */
const PAST_YEARS = 10;

/**
 * The school year reports count as current (the last one that started: an opened year that has
 * not started yet is not) and the stored years before it, latest first
 * (docs/decisions/089-reports-by-school-year.md).
 */
export async function reportYears(db: Queryable, user: AuthUser) {
  const cal = await loadCalendar(db, user.school);
  const started = await db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, user.schoolId), lte(schoolYears.startDate, cal.today)))
    .orderBy(desc(schoolYears.startDate))
    .limit(PAST_YEARS + 1);
  const spanOf = (y: (typeof started)[number]) => ({ yearStart: y.startDate, yearEnd: y.endDate });
  const current = cal.yearStart <= cal.today || !started[0] ? cal : spanOf(started[0]);
  return {
    today: cal.today,
    current,
    givingStart: cal.givingStart,
    past: started.filter((y) => y.endDate < current.yearStart).map(spanOf),
  };
}

export interface AppliedRange {
  startDate: string;
  endDate: string;
}

/** The filters' range, year to date of the school's current year by default (docs/decisions/089-reports-by-school-year.md); a bad range is 400. */
export async function appliedRange(
  db: Queryable,
  user: AuthUser,
  f: Pick<ReportFilters, 'startDate' | 'endDate'>,
): Promise<AppliedRange> {
  let startDate = f.startDate;
  let endDate = f.endDate;
  if (!startDate || !endDate) {
    const years = await reportYears(db, user);
    startDate ??= yearToDateStart(years.current);
    endDate ??= years.today;
  }
  const refusal = rangeRefusal(startDate, endDate);
  if (refusal) throw badRequest(refusal);
  return { startDate, endDate };
}

/** The tabs the user may open, in the screen's order. */
function tabsFor(user: AuthUser): ReportTab[] {
  const tabs: ReportTab[] = [];
  // My classes: the periods the user teaches, for whoever may read class reports and teaches one.
  if (mayDo(user, 'reports:myClasses') && user.periodCount > 0) tabs.push('myClasses');
  if (
    mayDo(user, 'reports:myClasses') &&
    (scopeOf(user, 'reports:myClasses') === 'school' || user.periodCount > 0)
  )
    tabs.push('class', 'student');
  if (mayDo(user, 'reports:teacherUsage')) tabs.push('teacherUsage');
  if (mayDo(user, 'reports:schoolStudents')) tabs.push('schoolStudents');
  if (mayDo(user, 'reports:schoolDashboard')) tabs.push('schoolDashboard');
  return tabs;
}

export async function reportsMeta(db: Queryable, user: AuthUser): Promise<ReportsMeta> {
  const years = await reportYears(db, user);
  const ranges = reportRanges(years.current, years.today, years.past);
  return {
    timeZone: user.school.timeZone,
    today: years.today,
    yearStart: years.current.yearStart,
    yearEnd: years.current.yearEnd,
    givingStart: years.givingStart,
    defaultRange: ranges.find((r) => r.key === 'year-to-date')!,
    ranges,
    tabs: tabsFor(user),
    categories: [...ACTIVITY_CATEGORIES],
  };
}

export const thisWeekStart = async (db: Queryable, user: AuthUser) => {
  const cal = await loadCalendar(db, user.school);
  return { from: weekStart(cal.today), to: cal.today };
};
