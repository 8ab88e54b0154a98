import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  givingDaysBetween,
  pacePerDay,
  paceWindow,
  payPeriods,
  projectPayPeriods,
  type AcademicProjections,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { dailyRollup } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { studentStanding } from '../balances/service.js';
import { loadCalendar } from '../calendar/service.js';

/**
 * GET utility/student/academic-projections: the pace is the net points the rollup holds for the
 * window (the last 28 days) over its giving days; the pure projection does the rest.
 */
export async function academicProjections(
  db: Queryable,
  user: AuthUser,
  studentId?: string,
): Promise<AcademicProjections> {
  const standing = await studentStanding(db, user, studentId);
  const cal = await loadCalendar(db, user.school);
  const window = paceWindow(cal, cal.today);
  const [row] = await db
    .select({ earned: sql<number>`coalesce(sum(${dailyRollup.earned}), 0)`.mapWith(Number) })
    .from(dailyRollup)
    .where(
      and(
        eq(dailyRollup.schoolId, user.schoolId),
        eq(dailyRollup.studentId, standing.studentId),
        gte(dailyRollup.date, window.start),
        lte(dailyRollup.date, window.end),
      ),
    );
  const earned = row?.earned ?? 0;
  const givingDays = givingDaysBetween(cal, window.start, window.end);
  const perDay = pacePerDay(earned, givingDays);
  return {
    studentId: standing.studentId,
    asOf: cal.today,
    balance: standing.balance,
    yearEarned: standing.yearEarned,
    pace: { perDay, from: window.start, to: window.end, givingDays, earned },
    periods: projectPayPeriods({
      today: cal.today,
      calendar: cal,
      balance: standing.balance,
      yearEarned: standing.yearEarned,
      pacePerDay: perDay,
      periods: payPeriods(cal.yearStart, cal.yearEnd),
    }),
  };
}
