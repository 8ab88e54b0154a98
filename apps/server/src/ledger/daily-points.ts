import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { removeActivities } from '../activities/remove.js';
import { activities, activityTypes, dailyRuns } from '../../db/schema.js';

export type DailyCategory = 'Daily Attendance' | 'Daily Behavior';

/** The school's active action of a daily category (the oldest, if several). */
export async function dailyType(db: Queryable, schoolId: string, category: DailyCategory) {
  const [t] = await db
    .select()
    .from(activityTypes)
    .where(and(eq(activityTypes.schoolId, schoolId), eq(activityTypes.category, category), eq(activityTypes.active, true), isNull(activityTypes.ownerId)))
    .orderBy(asc(activityTypes.createdAt), asc(activityTypes.id))
    .limit(1);
  return t ?? null;
}

/**
 * Serializes, per (school, date), the daily run with absence changes, so an absence marked while the
 * run is writing is either seen by the run or sees the run's row. Transaction-scoped.
 */
export async function lockSchoolDay(tx: Queryable, schoolId: string, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`daily:${schoolId}:${date}`}))`);
}

export async function hasDailyRun(db: Queryable, schoolId: string, date: string): Promise<boolean> {
  const [r] = await db
    .select({ date: dailyRuns.date })
    .from(dailyRuns)
    .where(and(eq(dailyRuns.schoolId, schoolId), eq(dailyRuns.date, date)));
  return !!r;
}

/**
 * A flag given for a day whose Daily Behavior points were already given takes them back from the
 * flagged students (with an audit row), so the day reads as if the run had seen the flag.
 */
export async function revokeDailyBehavior(tx: Queryable, schoolId: string, date: string, studentIds: readonly string[], changedBy: string) {
  if (!studentIds.length) return;
  await removeActivities(
    tx,
    schoolId,
    and(eq(activities.date, date), eq(activities.category, 'Daily Behavior'), isNull(activities.givenBy), inArray(activities.studentId, [...studentIds])),
    changedBy,
  );
}
