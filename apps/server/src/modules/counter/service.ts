import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  COUNTER_LOCATION,
  msg,
  normalizeBadgeCode,
  type CounterProduct,
  type CounterSale,
  type CounterSaleBody,
  type CounterStudent,
  type Order,
} from '@app/domain';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { products, studentBadges, userErasures, users, wallets } from '../../db/schema.js';
import { isCurrentStudentRow } from '../../access/students.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import {
  moveOrder,
  orderOfSchool,
  ordersByIds,
  ordersWhere,
  placeCounterSale,
} from '../orders/service.js';

/*
 * The school store's counter (issue 35, docs/decisions/139-badges-and-counter.md): a badge names
 * the student at the counter, who is sold to on the spot, handed their orders waiting for them, or
 * refunded. Whoever may use the counter (`counter:use`: the store's staff, admins, a CASHIER of a
 * cashier code) serves every current student of the school. Sales, hand-overs and refunds are the
 * orders' own code (POST order, PUT order/{id}): the same rules, the same messages, one transaction.
 */

/** Who an erased student was is gone: the counter finds them no more. */
const notErased = sql`not exists (select 1 from ${userErasures} e where e.school_id = ${users.schoolId} and e.user_id = ${users.id})`;

const studentColumns = {
  id: users.id,
  externalId: users.externalId,
  firstName: users.firstName,
  lastName: users.lastName,
  gradeLevel: users.gradeLevel,
  house: users.house,
};
type StudentRow = Pick<
  typeof users.$inferSelect,
  'id' | 'externalId' | 'firstName' | 'lastName' | 'gradeLevel' | 'house'
>;

/** The student's balance (0 before their first points). */
async function balanceOf(db: Queryable, schoolId: string, studentId: string): Promise<number> {
  const [w] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.schoolId, schoolId), eq(wallets.studentId, studentId)));
  return Number(w?.balance ?? 0);
}

/** The current student of the school a badge code names, or 404 (a code of no one, a leaver's, another school's). */
async function badgeHolder(db: Queryable, u: AuthUser, typed: string): Promise<StudentRow> {
  const code = normalizeBadgeCode(typed);
  if (!code) throw notFound(msg('msg.badgeNotFound'));
  const [s] = await db
    .select(studentColumns)
    .from(studentBadges)
    .innerJoin(
      users,
      and(eq(users.schoolId, studentBadges.schoolId), eq(users.id, studentBadges.studentId)),
    )
    .where(
      and(
        eq(studentBadges.schoolId, u.schoolId),
        eq(studentBadges.code, code),
        isCurrentStudentRow,
        notErased,
      ),
    )
    .limit(1);
  if (!s) throw notFound(msg('msg.badgeNotFound'));
  return s;
}

/** A current student of the school by id, or 404. */
async function currentStudent(db: Queryable, u: AuthUser, id: string): Promise<StudentRow> {
  if (!isUuid(id)) throw notFound(msg('msg.studentNotFound'));
  const [s] = await db
    .select(studentColumns)
    .from(users)
    .where(and(eq(users.schoolId, u.schoolId), eq(users.id, id), isCurrentStudentRow, notErased))
    .limit(1);
  if (!s) throw notFound(msg('msg.studentNotFound'));
  return s;
}

/** The student's school store orders not handed over yet (pending or packaged), newest first. */
const waitingOrders = (db: Queryable, schoolId: string, studentId: string) =>
  ordersWhere(db, schoolId, { studentId, store: 'School', status: 'OPEN' });

/** GET counter/students/by-badge/{code}: the student at the counter, their balance and their orders waiting. */
export async function counterStudent(db: Db, u: AuthUser, code: string): Promise<CounterStudent> {
  const s = await badgeHolder(db, u, code);
  const [balance, pendingOrders] = await Promise.all([
    balanceOf(db, u.schoolId, s.id),
    waitingOrders(db, u.schoolId, s.id),
  ]);
  return {
    student: {
      id: s.id,
      _id: s.id,
      externalId: s.externalId,
      name: `${s.firstName} ${s.lastName}`.trim(),
      firstName: s.firstName,
      lastName: s.lastName,
      grade: s.gradeLevel,
      house: s.house,
      // Students have no picture yet: the counter shows their initials.
      picture: null,
    },
    balance,
    pendingOrders,
  };
}

/** GET counter/products: the school store's products on sale now (shown, not deleted, not sold out), by category and name. */
export async function counterProducts(db: Db, u: AuthUser): Promise<CounterProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      stock: products.stock,
      image: products.image,
      category: products.category,
    })
    .from(products)
    .where(
      and(
        eq(products.schoolId, u.schoolId),
        eq(products.store, 'School'),
        eq(products.active, true),
        isNull(products.deletedAt),
        or(isNull(products.stock), gt(products.stock, 0)),
      ),
    )
    .orderBy(asc(products.category), sql`lower(${products.name})`, asc(products.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    price: r.price,
    stock: r.stock,
    image: r.image,
    category: r.category,
  }));
}

/** The order as the counter shows it, read in the transaction that changed it. */
async function presented(tx: Queryable, schoolId: string, id: string): Promise<Order> {
  const [order] = await ordersByIds(tx, schoolId, [id]);
  return order!;
}

/**
 * POST counter/sales (in the Idempotency-Key's transaction): the order placement of POST order in
 * the student's name, of the school store's products, written as handed over at the counter.
 */
export async function sellAtCounter(
  tx: Tx,
  u: AuthUser,
  body: CounterSaleBody,
): Promise<CounterSale> {
  const s = await currentStudent(tx, u, body.studentId);
  const { orderId, balance } = await placeCounterSale(
    tx,
    u,
    {
      _id: s.id,
      externalId: s.externalId,
      firstName: s.firstName,
      lastName: s.lastName,
      gradeLevel: s.gradeLevel,
    },
    body.items,
    COUNTER_LOCATION,
  );
  return { order: await presented(tx, u.schoolId, orderId), balance };
}

/** A school store order of the school (the counter's), or 404: a teacher's store's orders are not the counter's. */
async function schoolStoreOrder(tx: Queryable, u: AuthUser, id: string) {
  const order = await orderOfSchool(tx, u, id);
  if (order.store !== 'School') throw notFound(msg('msg.orderNotFound'));
  return order;
}

/**
 * POST counter/sales/{id}/refund (in the Idempotency-Key's transaction): PUT order/{id}'s REFUND
 * of a handed-over school store order: the points back to the student, the stock to the store.
 * 409 with the order's own refusal (not handed over yet, refunded already).
 */
export async function refundAtCounter(tx: Tx, u: AuthUser, id: string): Promise<CounterSale> {
  const order = await schoolStoreOrder(tx, u, id);
  const refusal = await moveOrder(tx, u, order, 'REFUND', 'staff');
  if (refusal) throw conflict(refusal);
  return {
    order: await presented(tx, u.schoolId, order.id),
    balance: await balanceOf(tx, u.schoolId, order.studentId),
  };
}

/**
 * POST counter/orders/{id}/hand-over: PUT order/{id}'s REDEEM of a school store order, from
 * pending as well (the student is at the counter: packing it is part of handing it over). 409
 * with the order's own refusal (canceled, redeemed or refunded already).
 */
export async function handOverAtCounter(db: Db, u: AuthUser, id: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await schoolStoreOrder(tx, u, id);
    const refusal = await moveOrder(tx, u, order, 'REDEEM', 'staff', { alsoFrom: ['PENDING'] });
    if (refusal) throw conflict(refusal);
    return presented(tx, u.schoolId, order.id);
  });
}
