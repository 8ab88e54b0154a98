import {
  givingDaysBetween,
  pacePerDay,
  paceWindow,
  payPeriods,
  projectPayPeriods,
  type AcademicProjections,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { earnedBetween } from '../../ledger/earned.js';
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
  const earned = await earnedBetween(
    db,
    user.schoolId,
    standing.studentId,
    window.start,
    window.end,
  );
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
