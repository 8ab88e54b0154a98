import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { activities, activityAudit } from '../../db/schema.js';
import { writeActivities } from '../activities/give.js';
import type { ActivityRow } from '../activities/remove.js';
import { dailyType, hasDailyRun, lockSchoolDay } from '../calendar/daily-run.js';

/**
 * When flags are taken back from a day whose daily run already happened, a student left with no
 * flag that day gets the day's Daily Behavior points back (audited), as if the run had not seen it.
 */
export async function restoreDailyBehavior(tx: Queryable, schoolId: string, removed: readonly ActivityRow[], changedBy: string) {
  const days = new Map<string, Set<string>>();
  for (const a of removed) if (a.category === 'Flags') days.set(a.date, (days.get(a.date) ?? new Set()).add(a.studentId));
  if (!days.size) return;
  const type = await dailyType(tx, schoolId, 'Daily Behavior');
  if (!type) return;
  for (const [date, students] of days) {
    await lockSchoolDay(tx, schoolId, date);
    if (!(await hasDailyRun(tx, schoolId, date))) continue;
    const busy = await tx
      .select({ studentId: activities.studentId, category: activities.category, givenBy: activities.givenBy })
      .from(activities)
      .where(and(eq(activities.schoolId, schoolId), eq(activities.date, date), inArray(activities.studentId, [...students]), inArray(activities.category, ['Flags', 'Daily Behavior'])));
    // Still flagged that day, or already holding the day's behavior points: nothing to give back.
    const settled = new Set(busy.filter((b) => b.category === 'Flags' || b.givenBy === null).map((b) => b.studentId));
    const back = [...students].filter((s) => !settled.has(s));
    if (!back.length) continue;
    const { ids } = await writeActivities(tx, schoolId, back.map((studentId) => ({ studentId, type, points: type.points })), {
      date,
      comment: '',
      periodId: null,
      groupId: null,
      givenBy: null,
    });
    await tx.insert(activityAudit).values(
      ids.map((activityId) => ({
        schoolId,
        activityId,
        action: 'create',
        changedBy,
        before: null,
        after: { activityTypeId: type.id, activityType: type.name, category: type.category, points: type.points, comment: '' },
      })),
    );
  }
}
