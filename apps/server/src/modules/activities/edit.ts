import { and, desc, eq } from 'drizzle-orm';
import {
  msg,
  pointsFitCategory,
  YEAR_END_CATEGORY,
  type ActivitiesRemoved,
  type ActivityUpdateBody,
  type ActivityUpdated,
  type AuditEntry,
} from '@app/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityAudit, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireScope } from '../../access/permission.js';
import { applyLedger } from '../../ledger/apply.js';
import { restoreDailyBehavior } from '../../ledger/daily-points.js';
import { activitySnapshot, removeActivities, type ActivityRow } from '../../ledger/remove.js';
import { resolveTypes } from './types.js';

/** Locks one activity the user may change: its giver, or anyone whose scope is the school (admins). */
async function lockOwnActivity(tx: Tx, user: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound(msg('msg.activityNotFound'));
  const [a] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.schoolId, user.schoolId), eq(activities.id, id)))
    .for('update');
  if (!a) throw notFound(msg('msg.activityNotFound'));
  // The year end's cap or reset is the books of an opened year, not a give (docs/decisions/086-year-end-balances.md).
  if (a.category === YEAR_END_CATEGORY) throw badRequest(msg('msg.yearEndEntryFixed'));
  if (a.givenBy !== user.id && requireScope(user, 'activity:change') !== 'school')
    throw forbidden(msg('msg.giverOrAdmin'));
  return a;
}

/** Changes one activity (its type, comment or points) with the wallet and rollup; the caller owns the transaction. */
export async function updateActivity(
  tx: Tx,
  user: AuthUser,
  id: string,
  change: ActivityUpdateBody,
) {
  const before = await lockOwnActivity(tx, user, id);
  const next = { ...activitySnapshot(before) };
  if (change.activityType !== undefined && change.activityType !== before.activityTypeId) {
    const [type] = await resolveTypes(tx, user, [change.activityType]);
    next.activityTypeId = type!.id;
    next.activityType = type!.name;
    if (type!.category !== before.category) throw badRequest(msg('msg.activityTypeSameCategory'));
  }
  if (change.comment !== undefined) next.comment = change.comment;
  if (change.points !== undefined) {
    if (!pointsFitCategory(before.category, change.points))
      throw badRequest(
        before.category === 'Flags' ? msg('msg.flagPointsRange') : msg('msg.bonusPointsRange'),
      );
    next.points = change.points;
  }
  const [after] = await tx
    .update(activities)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(activities.schoolId, user.schoolId), eq(activities.id, id)))
    .returning();
  const delta = next.points - before.points;
  if (delta)
    await applyLedger(tx, user.schoolId, [
      {
        studentId: before.studentId,
        date: before.date,
        category: before.category,
        earned: delta,
        spent: 0,
        count: 0,
        givenBy: before.givenBy,
        periodId: before.periodId,
      },
    ]);
  await tx.insert(activityAudit).values({
    schoolId: user.schoolId,
    activityId: id,
    action: 'update',
    changedBy: user.id,
    before: activitySnapshot(before),
    after: activitySnapshot(after!),
  });
  return after!;
}

/** What PUT activity/:id answers: the changed activity's own fields. */
export const presentUpdated = (a: ActivityRow): ActivityUpdated => ({
  _id: a.id,
  activityType: a.activityType,
  activityTypeId: a.activityTypeId,
  category: a.category,
  points: a.points,
  comment: a.comment,
  date: a.date,
});

/** Removes one activity with its wallet, rollup and audit changes; the caller owns the transaction. */
export async function deleteActivity(tx: Tx, user: AuthUser, id: string) {
  await lockOwnActivity(tx, user, id);
  const removed = await removeActivities(tx, user.schoolId, eq(activities.id, id), user.id);
  await restoreDailyBehavior(tx, user.schoolId, removed, user.id);
}

/**
 * Undoes one give (POST activity/bulk answers its giveId): every activity of it that the user may
 * change goes, with wallets, rollup, audit and any Daily Behavior points its flags took, in one
 * transaction (the caller's). The giver undoes their own; a school-wide scope (admins) anyone's.
 */
export async function undoGive(tx: Tx, user: AuthUser, giveId: string): Promise<ActivitiesRemoved> {
  if (!isUuid(giveId)) throw notFound(msg('msg.giveNotFound'));
  const everyone = requireScope(user, 'activity:change') === 'school';
  const removed = await removeActivities(
    tx,
    user.schoolId,
    and(eq(activities.giveId, giveId), everyone ? undefined : eq(activities.givenBy, user.id)),
    user.id,
  );
  if (!removed.length) throw notFound(msg('msg.giveNotFound'));
  await restoreDailyBehavior(tx, user.schoolId, removed, user.id);
  return { removed: removed.length };
}

/** The audit trail (admins): who changed or removed which activity, newest first. */
export async function auditTrail(
  db: Db,
  user: AuthUser,
  activityId: string | undefined,
  limit: number,
): Promise<AuditEntry[]> {
  if (activityId !== undefined && !isUuid(activityId)) throw notFound(msg('msg.activityNotFound'));
  const rows = await db
    .select({ a: activityAudit, firstName: users.firstName, lastName: users.lastName })
    .from(activityAudit)
    .leftJoin(
      users,
      and(eq(users.schoolId, activityAudit.schoolId), eq(users.id, activityAudit.changedBy)),
    )
    .where(
      and(
        eq(activityAudit.schoolId, user.schoolId),
        activityId ? eq(activityAudit.activityId, activityId) : undefined,
      ),
    )
    .orderBy(desc(activityAudit.at))
    .limit(limit);
  return rows.map(({ a, firstName, lastName }) => ({
    _id: a.id,
    activityId: a.activityId,
    action: a.action,
    changedBy: a.changedBy,
    changedByName: firstName ? `${firstName} ${lastName}` : 'School',
    before: a.before,
    after: a.after,
    at: a.at.toISOString(),
  }));
}
