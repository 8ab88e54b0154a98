import { and, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  NOTIFICATION_DAYS,
  NOTIFICATION_LIST_LIMIT,
  type Notifications,
  type NotificationsReadBody,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';

/** Kept for NOTIFICATION_DAYS by the database's clock, which wrote `created_at` (no skew with this server's). */
const keptSince = () => sql`now() - make_interval(days => ${NOTIFICATION_DAYS})`;

const mine = (u: AuthUser) =>
  and(eq(notifications.schoolId, u.schoolId), eq(notifications.studentId, u.id));

/** GET notifications: the unread count and the latest few, in one statement on the student's key. */
export async function listNotifications(db: Queryable, u: AuthUser): Promise<Notifications> {
  const since = keptSince();
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      points: notifications.points,
      detail: notifications.detail,
      orderId: notifications.orderId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      unread: sql<number>`(select count(*) from notifications u
        where u.school_id = ${u.schoolId} and u.student_id = ${u.id}
          and u.read_at is null and u.created_at >= ${since})`.mapWith(Number),
    })
    .from(notifications)
    .where(and(mine(u), gte(notifications.createdAt, since)))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return {
    unread: rows[0]?.unread ?? 0,
    notifications: rows.map((r) => ({
      _id: String(r.id),
      kind: r.kind,
      points: r.points,
      detail: r.detail,
      orderId: r.orderId,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/**
 * POST notifications/read: marks read what the student saw (every one up to `upTo`; a newer one
 * that arrived meanwhile stays unread), and drops their notifications past the days kept.
 */
export async function markNotificationsRead(
  db: Queryable,
  u: AuthUser,
  body: NotificationsReadBody,
): Promise<Notifications> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(u), lte(notifications.id, Number(body.upTo)), isNull(notifications.readAt)));
  await db.delete(notifications).where(and(mine(u), lt(notifications.createdAt, keptSince())));
  return listNotifications(db, u);
}

/** The nightly cleanup: every notification past the days kept, read or not. */
export async function purgeOldNotifications(db: Queryable): Promise<void> {
  await db.delete(notifications).where(lt(notifications.createdAt, keptSince()));
}
