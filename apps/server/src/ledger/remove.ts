import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { activities, activityAudit } from '../db/schema.js';
import { applyLedger } from './apply.js';

export type ActivityRow = typeof activities.$inferSelect;

export const activitySnapshot = (a: ActivityRow) => ({
  activityTypeId: a.activityTypeId,
  activityType: a.activityType,
  category: a.category,
  points: a.points,
  comment: a.comment,
});

/**
 * Deletes the school's activities matching `where`, reverses their wallet and rollup effect and
 * audits each removal, inside the caller's transaction. The one way points are ever taken back.
 */
export async function removeActivities(
  tx: Queryable,
  schoolId: string,
  where: SQL | undefined,
  changedBy: string | null,
): Promise<ActivityRow[]> {
  const removed = await tx
    .delete(activities)
    .where(and(eq(activities.schoolId, schoolId), where))
    .returning();
  if (!removed.length) return removed;
  await applyLedger(
    tx,
    schoolId,
    removed.map((a) => ({
      studentId: a.studentId,
      date: a.date,
      category: a.category,
      earned: -a.points,
      spent: 0,
      count: -1,
      givenBy: a.givenBy,
      periodId: a.periodId,
    })),
  );
  await tx.insert(activityAudit).values(
    removed.map((a) => ({
      schoolId,
      activityId: a.id,
      action: 'delete',
      changedBy,
      before: activitySnapshot(a),
      after: null,
    })),
  );
  return removed;
}
