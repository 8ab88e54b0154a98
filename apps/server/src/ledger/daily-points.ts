import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { activities, activityAudit, activityTypes, dailyRuns } from '../db/schema.js';
import { removeActivities, type ActivityRow } from './remove.js';
import { writeActivities } from './write.js';

export type DailyCategory = 'Daily Attendance' | 'Daily Behavior';

/** The school's active action of a daily category (the oldest, if several). */
export async function dailyType(db: Queryable, schoolId: string, category: DailyCategory) {
  const [t] = await db
    .select()
    .from(activityTypes)
    .where(
      and(
        eq(activityTypes.schoolId, schoolId),
        eq(activityTypes.category, category),
        eq(activityTypes.active, true),
        isNull(activityTypes.ownerId),
      ),
    )
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
 * Takes back the daily run's points of one category from students on a day (with an audit row
 * each): a flag given for a day already run takes its Daily Behavior points, an absence marked for
 * one its Daily Attendance points, so the day reads as if the run had seen it.
 */
export async function takeBackDailyPoints(
  tx: Queryable,
  schoolId: string,
  category: DailyCategory,
  date: string,
  studentIds: readonly string[],
  changedBy: string,
): Promise<ActivityRow[]> {
  if (!studentIds.length) return [];
  return removeActivities(
    tx,
    schoolId,
    and(
      eq(activities.date, date),
      eq(activities.category, category),
      isNull(activities.givenBy),
      inArray(activities.studentId, [...studentIds]),
    ),
    changedBy,
  );
}

/**
 * Gives students a daily action's points for a day as the daily run would have (no giver, no
 * comment), with an audit row each: the one way a day's daily points are given back.
 */
export async function giveBackDailyPoints(
  tx: Queryable,
  schoolId: string,
  type: NonNullable<Awaited<ReturnType<typeof dailyType>>>,
  date: string,
  studentIds: readonly string[],
  changedBy: string,
) {
  if (!studentIds.length) return;
  const { ids } = await writeActivities(
    tx,
    schoolId,
    studentIds.map((studentId) => ({ studentId, type, points: type.points })),
    { date, comment: '', periodId: null, groupId: null, givenBy: null },
  );
  await tx.insert(activityAudit).values(
    ids.map((activityId) => ({
      schoolId,
      activityId,
      action: 'create',
      changedBy,
      before: null,
      after: {
        activityTypeId: type.id,
        activityType: type.name,
        category: type.category,
        points: type.points,
        comment: '',
      },
    })),
  );
}

/**
 * When flags are taken back from a day whose daily run already happened, a student left with no
 * flag that day gets the day's Daily Behavior points back (audited), as if the run had not seen it.
 */
export async function restoreDailyBehavior(
  tx: Queryable,
  schoolId: string,
  removed: readonly ActivityRow[],
  changedBy: string,
) {
  const days = new Map<string, Set<string>>();
  for (const a of removed)
    if (a.category === 'Flags') days.set(a.date, (days.get(a.date) ?? new Set()).add(a.studentId));
  if (!days.size) return;
  const type = await dailyType(tx, schoolId, 'Daily Behavior');
  if (!type) return;
  for (const [date, students] of days) {
    await lockSchoolDay(tx, schoolId, date);
    if (!(await hasDailyRun(tx, schoolId, date))) continue;
    const busy = await tx
      .select({
        studentId: activities.studentId,
        category: activities.category,
        givenBy: activities.givenBy,
      })
      .from(activities)
      .where(
        and(
          eq(activities.schoolId, schoolId),
          eq(activities.date, date),
          inArray(activities.studentId, [...students]),
          inArray(activities.category, ['Flags', 'Daily Behavior']),
        ),
      );
    // Still flagged that day, or already holding the day's behavior points: nothing to give back.
    const settled = new Set(
      busy.filter((b) => b.category === 'Flags' || b.givenBy === null).map((b) => b.studentId),
    );
    const back = [...students].filter((s) => !settled.has(s));
    await giveBackDailyPoints(tx, schoolId, type, date, back, changedBy);
  }
}
