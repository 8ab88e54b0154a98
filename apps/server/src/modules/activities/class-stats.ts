import { and, eq, sql } from 'drizzle-orm';
import { msg, todayIn, type ClassStats, type PeriodDayDetails } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { executeNamed } from '../../db/named.js';
import {
  absences,
  activities,
  dailyRollup,
  periodStudents,
  periods,
  users,
  wallets,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { periodFor, periodInScope } from '../../access/periods.js';

/**
 * Per student of a period: balance and that day's bonuses, flags and absence; with class totals.
 * One statement: the period (for its scope check) left-joined to its roster, so an empty class is
 * one row without a student (docs/decisions/117-gives-and-reads-at-scale.md).
 */
export async function classStats(
  db: Queryable,
  user: AuthUser,
  periodId: string,
  date?: string,
): Promise<ClassStats> {
  if (!isUuid(periodId)) throw notFound(msg('msg.periodNotFound'));
  const on = date ?? todayIn(user.school.timeZone);
  const rows = rowsOf<{
    period_id: string;
    teacher_id: string;
    co_teachers: string[];
    id: string | null;
    external_id: string;
    first_name: string;
    last_name: string;
    grade_level: string | null;
    house: string | null;
    balance: string | number;
    bonuses: string | number;
    flags: string | number;
    absent: boolean;
  }>(
    await executeNamed(
      db,
      sql`
      select p.id as period_id, p.teacher_id, p.co_teachers, s.*
      from ${periods} p
      left join lateral (
        select u.id, u.external_id, u.first_name, u.last_name, u.grade_level, u.house,
          coalesce(w.balance, 0) as balance,
          coalesce(d.bonuses, 0) as bonuses, coalesce(d.flags, 0) as flags,
          exists (select 1 from ${absences} ab where ab.school_id = u.school_id and ab.student_id = u.id and ab.date = ${on}::date) as absent
        from ${periodStudents} ps
        join ${users} u on u.school_id = ps.school_id and u.id = ps.student_id and u.left_at is null
        left join ${wallets} w on w.school_id = u.school_id and w.student_id = u.id
        left join lateral (
          select sum(r.earned) filter (where r.category <> 'Flags') as bonuses,
            sum(r.earned) filter (where r.category = 'Flags') as flags
          from ${dailyRollup} r where r.school_id = u.school_id and r.student_id = u.id and r.date = ${on}::date
        ) d on true
        where ps.school_id = p.school_id and ps.period_id = p.id
      ) s on true
      where p.school_id = ${user.schoolId} and p.id = ${periodId}
      order by s.last_name, s.first_name`,
    ),
  );
  const [period] = rows;
  if (!period) throw notFound(msg('msg.periodNotFound'));
  if (
    !periodInScope(user, 'class:view', {
      teacherId: period.teacher_id,
      coTeachers: period.co_teachers,
    })
  )
    throw forbidden(msg('msg.otherTeachersClass'));
  const students = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      _id: r.id!,
      externalStudentId: r.external_id,
      firstName: r.first_name,
      lastName: r.last_name,
      gradeLevel: r.grade_level,
      house: r.house,
      balance: Number(r.balance),
      bonusesToday: Number(r.bonuses),
      flagsToday: Number(r.flags),
      absent: Boolean(r.absent),
    }));
  return {
    internalPeriodId: period.period_id,
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
        eq(activities.periodId, period.id),
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
