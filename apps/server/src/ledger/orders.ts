import { randomUUID } from 'node:crypto';
import {
  itemsTotal,
  returnsPoints,
  SPENDING_ORDER_STATUSES,
  type OrderStatus,
  type StoreType,
} from '@app/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { orders, wallets } from '../db/schema.js';
import { pgArray } from '../lib/pg-array.js';
import { applyLedger } from './apply.js';
import { returnStock } from './stock.js';

/** The rollup category of purchases: spending of the store, fonts and icons. */
export const STORE_CATEGORY = 'Store';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Locks the student's wallet row until the end of the transaction (SELECT … FOR UPDATE, made
 * first when the student has none) and returns the balance. Every purchase of a student takes this
 * lock first, so their purchases run one at a time: balance and per-student limits read under it
 * stay true until commit.
 */
export async function lockWallet(
  tx: Queryable,
  schoolId: string,
  studentId: string,
): Promise<number> {
  const lock = () =>
    tx
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(and(eq(wallets.schoolId, schoolId), eq(wallets.studentId, studentId)))
      .for('update');
  let [w] = await lock();
  if (!w) {
    await tx.insert(wallets).values({ schoolId, studentId }).onConflictDoNothing();
    [w] = await lock();
  }
  return Number(w!.balance);
}

interface NewOrderItem {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  category: string;
}

export interface NewOrder {
  studentId: string;
  store: StoreType;
  teacherId: string | null;
  status?: OrderStatus;
  estimatedDelivery: string | null;
  cutOffDate: string | null;
  placedBy: string | null;
  items: readonly NewOrderItem[];
}

/**
 * Writes orders (made `at`) with their items (name and price as bought) and books what they
 * spend in the wallets and the rollup on `date`, in one statement; the caller owns the transaction and has
 * locked the wallets. Returns the new orders' ids, in the order given.
 */
export async function writeOrders(
  tx: Queryable,
  schoolId: string,
  date: string,
  at: Date,
  list: readonly NewOrder[],
): Promise<string[]> {
  const ids = list.map(() => randomUUID());
  const totals = list.map((o) => itemsTotal(o.items));
  const col = <T extends string | number | null>(f: (o: NewOrder, i: number) => T) =>
    list.map((o, i) => f(o, i));
  const insertOrders = sql`
    insert into orders (school_id, id, student_id, store, teacher_id, status, total, date, estimated_delivery, cut_off_date, placed_by, created_at, updated_at)
    select ${schoolId}::uuid, t.id, t.s, t.store, t.teacher, t.status, t.total, ${date}::date, t.est, t.cut, t.by, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from unnest(${pgArray(ids, 'uuid')}, ${pgArray(
      col((o) => o.studentId),
      'uuid',
    )}, ${pgArray(
      col((o) => o.store),
      'text',
    )},
                ${pgArray(
                  col((o) => o.teacherId),
                  'uuid',
                )}, ${pgArray(
                  col((o) => o.status ?? 'PENDING'),
                  'text',
                )}, ${pgArray(totals, 'int')},
                ${pgArray(
                  col((o) => o.estimatedDelivery),
                  'date',
                )}, ${pgArray(
                  col((o) => o.cutOffDate),
                  'date',
                )}, ${pgArray(
                  col((o) => o.placedBy),
                  'uuid',
                )})
         as t(id, s, store, teacher, status, total, est, cut, by)`;
  const items = list.flatMap((o, i) => o.items.map((it) => ({ ...it, orderId: ids[i]! })));
  const insertItems = sql`
    insert into order_items (school_id, id, order_id, product_id, name, price, quantity, category)
    select ${schoolId}::uuid, gen_random_uuid(), t.o, t.p, t.n, t.price, t.q, t.c
    from unnest(${pgArray(
      items.map((i) => i.orderId),
      'uuid',
    )}, ${pgArray(
      items.map((i) => i.productId),
      'text',
    )}, ${pgArray(
      items.map((i) => i.name),
      'text',
    )},
                ${pgArray(
                  items.map((i) => i.price),
                  'int',
                )}, ${pgArray(
                  items.map((i) => i.quantity),
                  'int',
                )}, ${pgArray(
                  items.map((i) => i.category),
                  'text',
                )})
         as t(o, p, n, price, q, c)`;
  await applyLedger(
    tx,
    schoolId,
    list.map((o, i) => ({
      studentId: o.studentId,
      date,
      category: STORE_CATEGORY,
      earned: 0,
      spent: totals[i]!,
      count: 1,
    })),
    [insertOrders, insertItems],
  );
  return ids;
}

/**
 * Moves orders to `to` where their status is one of `from` (a conditional update, so two people
 * acting on one order at once cannot both move it), setting `set` besides. Moving to CANCELED or
 * REFUNDED gives the points back (wallets and the rollup of the order's day) and the stock of
 * limited products, in the same transaction. Returns the orders moved.
 */
export async function moveOrders(
  tx: Queryable,
  schoolId: string,
  ids: readonly string[],
  from: readonly OrderStatus[],
  to: OrderStatus,
  set: { estimatedDelivery?: string | null; deliveryLocation?: string | null } = {},
): Promise<OrderRow[]> {
  if (!ids.length || !from.length) return [];
  const sorted = [...ids].sort();
  // Rows are locked in id order, so two bulk moves over the same orders cannot deadlock.
  const moved = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...set })
    .where(
      and(
        eq(orders.schoolId, schoolId),
        inArray(orders.status, [...from]),
        sql`${orders.id} in (select id from orders where school_id = ${schoolId} and id = any(${pgArray(sorted, 'uuid')}) order by id for update)`,
      ),
    )
    .returning();
  if (returnsPoints(to) && moved.length) {
    await applyLedger(
      tx,
      schoolId,
      moved.map((o) => ({
        studentId: o.studentId,
        date: o.date,
        category: STORE_CATEGORY,
        earned: 0,
        spent: -o.total,
        count: -1,
      })),
    );
    await returnStock(
      tx,
      schoolId,
      moved.map((o) => o.id),
    );
  }
  return moved;
}

/** Sets the estimated delivery or place of orders without moving them (a store manager re-dating them). */
export async function setOrderDelivery(
  tx: Queryable,
  schoolId: string,
  ids: readonly string[],
  set: { estimatedDelivery?: string | null; deliveryLocation?: string | null },
): Promise<OrderRow[]> {
  if (!ids.length || (set.estimatedDelivery === undefined && set.deliveryLocation === undefined))
    return [];
  return tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orders.schoolId, schoolId), inArray(orders.id, [...ids])))
    .returning();
}

/**
 * `<status> in (…the spending statuses…)` for raw SQL: the orders whose points are spent, the
 * ledger's definition of total_spent. The statuses are the domain's constants, written as literals
 * so the statement reads (and plans) as if typed out.
 */
export const isSpending = (status: SQL): SQL =>
  sql`${status} in (${sql.raw(SPENDING_ORDER_STATUSES.map((s) => `'${s}'`).join(', '))})`;
