import { and, eq, inArray } from 'drizzle-orm';
import {
  ACTION_STATUS,
  canMove,
  msg,
  ORDER_STATUSES,
  orderActionRefusal,
  todayIn,
  type Message,
  type Order,
  type OrderAction,
  type OrderActionBody,
  type OrderActor,
  type OrderStatus,
  type StoreManagerBody,
  type StoreManagerResult,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { moveOrders, setOrderDelivery, type OrderRow } from '../../ledger/orders.js';
import { noteOrderMoves } from '../../ledger/notices.js';
import { actorFor } from '../../access/orders.js';
import { isStudentRow } from '../../access/students.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ordersByIds } from './present.js';

/** One order of the user's school, or 404. */
export async function orderOfSchool(db: Queryable, u: AuthUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw notFound(msg('msg.orderNotFound'));
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.schoolId, u.schoolId), eq(orders.id, id)));
  if (!o) throw notFound(msg('msg.orderNotFound'));
  return o;
}

const refuse = (said: Message) => (said.key === 'msg.forbidden' ? forbidden() : badRequest(said));

/**
 * PUT order/{id}: CANCEL, PACKAGE, REDEEM or REFUND (docs/spec.md section 10.3), with an optional
 * delivery location. The student may only cancel, until the end of the cut-off day; canceling
 * and refunding give the points and the stock back, in the same transaction.
 */
export async function actOnOrder(
  db: Db,
  u: AuthUser,
  id: string,
  body: OrderActionBody,
): Promise<Order> {
  const order = await orderOfSchool(db, u, id);
  const actor = actorFor(u, order);
  const refusal = await db.transaction((tx) =>
    moveOrder(tx, u, order, body.action, actor, { deliveryLocation: body.deliveryLocation }),
  );
  if (refusal) throw refuse(refusal);
  const [presented] = await ordersByIds(db, u.schoolId, [order.id]);
  return presented!;
}

/**
 * Takes `action` on one order of the school as `actor`, in `tx` (the order as read before: its
 * status decides what may be done). Every status the action may be taken from is accepted, so a
 * concurrent move either leaves it allowed or makes it refused; `alsoFrom` adds statuses the
 * caller allows besides (the counter hands over a pending order: packaging is part of handing it
 * over). The student is told what the store did. Null when moved, else why not (nothing written).
 */
export async function moveOrder(
  tx: Queryable,
  u: AuthUser,
  order: OrderRow,
  action: OrderAction,
  actor: OrderActor,
  opts: { deliveryLocation?: string | null; alsoFrom?: readonly OrderStatus[] } = {},
): Promise<Message | null> {
  const today = todayIn(u.school.timeZone);
  const also = opts.alsoFrom ?? [];
  const refusalIn = (status: OrderStatus) =>
    also.includes(status) ? null : orderActionRefusal({ ...order, status }, action, actor, today);
  const refusal = refusalIn(order.status);
  if (refusal) return refusal;
  const to = ACTION_STATUS[action];
  const from = ORDER_STATUSES.filter((s) => refusalIn(s) === null);
  const done = await moveOrders(tx, u.schoolId, [order.id], from, to, {
    deliveryLocation: opts.deliveryLocation,
  });
  if (!done.length) {
    const now = await orderOfSchool(tx, u, order.id);
    return refusalIn(now.status) ?? msg('msg.orderCanceled');
  }
  // The student is told what the store did; not what they did themselves.
  if (actor !== 'student')
    await noteOrderMoves(
      tx,
      u.schoolId,
      done.map((o) => o.id),
      to,
    );
  return null;
}

/**
 * POST order/store-manager/: sets `status` (with the estimated delivery, if given) on the orders of
 * the chosen students (only `orderIds` among them when given; else their school store orders).
 * Orders already in that status only take the estimated delivery; orders whose status cannot
 * move there are skipped.
 */
export async function storeManagerUpdate(
  db: Db,
  u: AuthUser,
  body: StoreManagerBody,
): Promise<StoreManagerResult> {
  const students = [...new Set(body.users)];
  if (!students.every(isUuid)) throw notFound(msg('msg.studentNotFound'));
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, u.schoolId), inArray(users.id, students), isStudentRow));
  if (known.length !== students.length) throw notFound(msg('msg.studentNotFound'));
  const orderIds = body.orderIds?.filter(isUuid);
  if (orderIds && !orderIds.length) return { updated: 0, skipped: 0, orders: [] };
  const candidates = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.schoolId, u.schoolId),
        inArray(orders.studentId, students),
        orderIds ? inArray(orders.id, orderIds) : eq(orders.store, 'School'),
        inArray(orders.store, ['School', 'Teacher']),
      ),
    );
  const target = body.status;
  const movable = candidates.filter((c) => canMove(c.status, target)).map((c) => c.id);
  const same =
    body.estimatedDelivery !== undefined
      ? candidates.filter((c) => c.status === target).map((c) => c.id)
      : [];
  const from = ORDER_STATUSES.filter((s) => canMove(s, target));
  const done = await db.transaction(async (tx) => {
    const moved = await moveOrders(tx, u.schoolId, movable, from, target, {
      estimatedDelivery: body.estimatedDelivery,
    });
    await noteOrderMoves(
      tx,
      u.schoolId,
      moved.map((o) => o.id),
      target,
    );
    const redated = await setOrderDelivery(tx, u.schoolId, same, {
      estimatedDelivery: body.estimatedDelivery,
    });
    return [...moved, ...redated].map((o) => o.id);
  });
  return {
    updated: done.length,
    skipped: candidates.length - done.length,
    orders: await ordersByIds(db, u.schoolId, done),
  };
}
