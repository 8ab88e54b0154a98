import { and, eq, sql } from 'drizzle-orm';
import { todayIn, type ClassStats, type PeriodDayDetails } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import {
  absences,
  activities,
  dailyRollup,
  periodStudents,
  users,
  wallets,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { personColumns } from '../../presenters/user.js';
import { periodFor } from '../../access/periods.js';

/** Per student of a period: balance and that day's bonuses, flags and absence; with class totals. */
export async function classStats(
  db: Queryable,
  user: AuthUser,
  periodId: string,
  date?: string,
): Promise<ClassStats> {
  const period = await periodFor(db, user, 'class:view', periodId);
  const on = date ?? todayIn(user.school.timeZone);
  const rows = await db
    .select({
      ...personColumns,
      balance: sql<number>`coalesce(${wallets.balance}, 0)`,
      bonuses: sql<number>`coalesce((select sum(r.earned) from ${dailyRollup} r where r.school_id = ${users.schoolId} and r.student_id = ${users.id} and r.date = ${on} and r.category <> 'Flags'), 0)`,
      flags: sql<number>`coalesce((select sum(r.earned) from ${dailyRollup} r where r.school_id = ${users.schoolId} and r.student_id = ${users.id} and r.date = ${on} and r.category = 'Flags'), 0)`,
      absent: sql<boolean>`exists (select 1 from ${absences} ab where ab.school_id = ${users.schoolId} and ab.student_id = ${users.id} and ab.date = ${on})`,
    })
    .from(periodStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, periodStudents.schoolId), eq(users.id, periodStudents.studentId)),
    )
    .leftJoin(wallets, and(eq(wallets.schoolId, users.schoolId), eq(wallets.studentId, users.id)))
    .where(and(eq(periodStudents.schoolId, user.schoolId), eq(periodStudents.periodId, period.id)))
    .orderBy(users.lastName, users.firstName);
  const students = rows.map((r) => ({
    _id: r.id,
    externalStudentId: r.externalId,
    firstName: r.firstName,
    lastName: r.lastName,
    gradeLevel: r.gradeLevel,
    house: r.house,
    balance: Number(r.balance),
    bonusesToday: Number(r.bonuses),
    flagsToday: Number(r.flags),
    absent: Boolean(r.absent),
  }));
  return {
    internalPeriodId: period.id,
    date: on,
    students,
    totals: {
      students: students.length,
      bonuses: students.reduce((n, s) => n + s.bonusesToday, 0),
      flags: students.reduce((n, s) => n + s.flagsToday, 0),
      absent: students.filter((s) => s.absent).length,
    },
  };
}

/** The activities given in a period on a day, grouped by activity, for the class's day summary. */
export async function periodStatsDetails(
  db: Queryable,
  user: AuthUser,
  periodId: string,
  date?: string,
): Promise<PeriodDayDetails> {
  const period = await periodFor(db, user, 'class:view', periodId);
  const on = date ?? todayIn(user.school.timeZone);
  const rows = await db
    .select({
      activityType: activities.activityType,
      category: activities.category,
      count: sql<number>`count(*)::int`,
      points: sql<number>`sum(${activities.points})::int`,
    })
    .from(activities)
    .where(
      and(
        eq(activities.schoolId, user.schoolId),
        eq(activities.internalPeriodId, period.id),
        eq(activities.date, on),
      ),
    )
    .groupBy(activities.activityType, activities.category)
    .orderBy(activities.category, activities.activityType);
  const byActivity = rows.map((r) => ({ ...r, count: Number(r.count), points: Number(r.points) }));
  return {
    internalPeriodId: period.id,
    date: on,
    byActivity,
    totals: {
      bonuses: byActivity.filter((r) => r.category !== 'Flags').reduce((n, r) => n + r.count, 0),
      flags: byActivity.filter((r) => r.category === 'Flags').reduce((n, r) => n + r.count, 0),
      points: byActivity.reduce((n, r) => n + r.points, 0),
    },
  };
}
