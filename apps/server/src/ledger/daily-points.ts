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
 * A flag given for a day whose Daily Behavior points were already given takes them back from the
 * flagged students (with an audit row), so the day reads as if the run had seen the flag.
 */
export async function revokeDailyBehavior(
  tx: Queryable,
  schoolId: string,
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
      eq(activities.category, 'Daily Behavior'),
      isNull(activities.givenBy),
      inArray(activities.studentId, [...studentIds]),
    ),
    changedBy,
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
    if (!back.length) continue;
    const { ids } = await writeActivities(
      tx,
      schoolId,
      back.map((studentId) => ({ studentId, type, points: type.points })),
      {
        date,
        comment: '',
        periodId: null,
        groupId: null,
        givenBy: null,
      },
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
}
