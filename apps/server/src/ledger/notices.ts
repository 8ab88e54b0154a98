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
 * zero, the activity names as detail (summed here, so the statement is a plain insert from
 * arrays); null when no one receives any. A statement for writeActivities to run with its own.
 */
export function pointsNotices(
  schoolId: string,
  rows: readonly { studentId: string; points: number; name: string }[],
): SQL | null {
  const byStudent = new Map<string, { points: number; names: string[] }>();
  for (const r of rows) {
    const at = byStudent.get(r.studentId);
    if (!at) byStudent.set(r.studentId, { points: r.points, names: [r.name] });
    else {
      at.points += r.points;
      if (!at.names.includes(r.name)) at.names.push(r.name);
    }
  }
  const told = [...byStudent].filter(([, v]) => v.points > 0);
  if (!told.length) return null;
  return sql`
    insert into notifications (school_id, student_id, kind, points, detail)
    select ${schoolId}::uuid, t.s, 'points', t.p, t.n
    from unnest(${pgArray(
      told.map(([s]) => s),
      'uuid',
    )}, ${pgArray(
      told.map(([, v]) => v.points),
      'int',
    )}, ${pgArray(
      told.map(([, v]) => v.names.join(', ')),
      'text',
    )}) as t(s, p, n)`;
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
