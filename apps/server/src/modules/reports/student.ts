import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { attendanceLabel, houseLabel, type ReportFilters, type StudentReport } from '@app/domain';
import { rowsOf, type Queryable } from '../../db/client.js';
import { activities, configurations } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { studentFor } from '../../access/students.js';
import { appliedRange } from './range.js';
import { n, rollupWhere } from './sources.js';

/** One student: by category, balance over time (from the rollup) and their activities in the range. */
export async function studentReport(
  db: Queryable,
  user: AuthUser,
  studentId: string,
  f: ReportFilters,
): Promise<StudentReport> {
  const s = await studentFor(db, user, 'reports:myClasses', studentId);
  const r = await appliedRange(db, user, f);
  const byCategory = rowsOf<{ category: string; earned: unknown; spent: unknown; count: unknown }>(
    await db.execute(sql`
      select d.category, sum(d.earned) as earned, sum(d.spent) as spent, sum(d.count) as count from daily_rollup d
      where ${rollupWhere(user, f, r)} and d.student_id = ${s.id} group by d.category order by d.category`),
  ).map((x) => ({
    category: x.category,
    earned: n(x.earned),
    spent: n(x.spent),
    count: n(x.count),
  }));
  const days = rowsOf<{ date: string; net: unknown; before: unknown }>(
    await db.execute(sql`
      select d.date::text as date, sum(d.earned - d.spent) as net,
             (select coalesce(sum(b.earned - b.spent), 0) from daily_rollup b where b.school_id = ${user.schoolId} and b.student_id = ${s.id} and b.date < ${r.startDate}::date) as before
      from daily_rollup d where d.school_id = ${user.schoolId} and d.student_id = ${s.id} and d.date between ${r.startDate}::date and ${r.endDate}::date
      group by d.date order by d.date`),
  );
  let balance = days.length ? n(days[0]!.before) : 0;
  const balanceOverTime = days.map((d) => ({ date: d.date, balance: (balance += n(d.net)) }));
  const [labels] = await db
    .select({ v: configurations.valueObject })
    .from(configurations)
    .where(
      and(eq(configurations.scope, user.schoolId), eq(configurations.key, 'attendanceLabels')),
    );
  const district =
    labels?.v && typeof labels.v === 'object' ? (labels.v as Record<string, string>) : null;
  const history = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.schoolId, user.schoolId),
        eq(activities.studentId, s.id),
        gte(activities.date, r.startDate),
        lte(activities.date, r.endDate),
        f.category ? eq(activities.category, f.category) : undefined,
      ),
    )
    .orderBy(desc(activities.date), desc(activities.createdAt))
    .limit(500);
  return {
    ...r,
    student: {
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      gradeLevel: s.gradeLevel,
      house: s.house,
      houseName: s.house ? houseLabel(s.house) : null,
    },
    byCategory,
    balanceOverTime,
    history: history.map((a) => ({
      _id: a.id,
      date: a.date,
      category: a.category,
      activityType: a.activityType,
      label:
        a.category === 'Daily Attendance'
          ? attendanceLabel(a.activityType, district)
          : a.activityType,
      points: a.points,
      comment: a.comment,
    })),
  };
}
