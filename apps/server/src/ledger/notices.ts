import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, OrderStatus } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { pgArray } from '../lib/pg-array.js';

/**
 * The notifications written with the points and orders they are about, in the same transaction
 * (docs/decisions/108-notifications.md): each is one INSERT … SELECT however many students it
 * reaches, so a give to 1,000 students adds one statement's work, not 1,000.
 */

/**
 * "You received N points" for a give: one row per student whose points from it add up above
 * zero, the activity names as detail. A statement for writeActivities to run with its own.
 */
export function pointsNotices(
  schoolId: string,
  rows: readonly { studentId: string; points: number; name: string }[],
): SQL {
  return sql`
    insert into notifications (school_id, student_id, kind, points, detail)
    select ${schoolId}::uuid, t.s, 'points', sum(t.p), string_agg(distinct t.n, ', ')
    from unnest(${pgArray(
      rows.map((r) => r.studentId),
      'uuid',
    )}, ${pgArray(
      rows.map((r) => r.points),
      'int',
    )}, ${pgArray(
      rows.map((r) => r.name),
      'text',
    )}) as t(s, p, n)
    group by t.s
    having sum(t.p) > 0`;
}

/** The order moves a student hears about, and how the notification names them. */
const NOTICE_OF: Partial<Record<OrderStatus, NotificationKind>> = {
  PACKAGED: 'packaged',
  CANCELED: 'canceled',
  REFUNDED: 'refunded',
};

/**
 * Tells each order's student that it was packaged, canceled or refunded (other moves say
 * nothing), with the order's items and total; the caller's transaction holds the move.
 */
export async function noteOrderMoves(
  tx: Queryable,
  schoolId: string,
  orderIds: readonly string[],
  to: OrderStatus,
): Promise<void> {
  const kind = NOTICE_OF[to];
  if (!kind || !orderIds.length) return;
  await tx.execute(sql`
    insert into notifications (school_id, student_id, kind, points, detail, order_id)
    select o.school_id, o.student_id, ${kind}, o.total,
      coalesce((select string_agg(i.name, ', ' order by i.name) from order_items i
                where i.school_id = o.school_id and i.order_id = o.id), ''),
      o.id
    from orders o
    where o.school_id = ${schoolId} and o.id = any(${pgArray(orderIds, 'uuid')})`);
}
