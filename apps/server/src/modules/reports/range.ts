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
import type { Queryable } from '../../db/client.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import { mayDo, scopeOf } from '../../access/permission.js';
import { loadCalendar } from '../calendar/service.js';

export interface AppliedRange {
  startDate: string;
  endDate: string;
}

/** The filters' range, year to date of the school's calendar by default (docs/decisions/040-report-ranges.md); a bad range is 400. */
export async function appliedRange(
  db: Queryable,
  user: AuthUser,
  f: Pick<ReportFilters, 'startDate' | 'endDate'>,
): Promise<AppliedRange> {
  let startDate = f.startDate;
  let endDate = f.endDate;
  if (!startDate || !endDate) {
    const cal = await loadCalendar(db, user.school);
    startDate ??= yearToDateStart(cal);
    endDate ??= cal.today;
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
  const cal = await loadCalendar(db, user.school);
  const ranges = reportRanges(cal, cal.today);
  return {
    timeZone: user.school.timeZone,
    today: cal.today,
    yearStart: cal.yearStart,
    yearEnd: cal.yearEnd,
    givingStart: cal.givingStart,
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
