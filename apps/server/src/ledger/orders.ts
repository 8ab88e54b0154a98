import { randomUUID } from 'node:crypto';
import {
  itemsTotal,
  returnsPoints,
  SPENDING_ORDER_STATUSES,
  type OrderStatus,
  type StoreType,
} from '@app/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.js';
import { executeShaped, inlineSlot, slot, type Slot } from '../db/named.js';
import { orders, wallets } from '../db/schema.js';
import { pgArray, pgArrayText } from '../lib/pg-array.js';
import { applyLedger, rollupUpserts, type LedgerDelta } from './apply.js';
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
 * The inserts of orders and their items (written only when `onlyIf` holds, if given), the ids they
 * take and what each order spends. Their text takes every value from a slot (`school`, `date`,
 * `at`, `o_*`, `i_*`: arrays in PostgreSQL's literal form), so it is the same whatever the orders.
 */
function orderInserts(
  schoolId: string,
  date: string,
  at: Date,
  list: readonly NewOrder[],
): {
  ids: string[];
  values: Record<string, unknown>;
  statements: (s: Slot, onlyIf?: SQL) => [SQL, SQL];
  deltas: LedgerDelta[];
} {
  const ids = list.map(() => randomUUID());
  const totals = list.map((o) => itemsTotal(o.items));
  const col = <T extends string | number | null>(f: (o: NewOrder, i: number) => T) =>
    pgArrayText(list.map((o, i) => f(o, i)));
  const items = list.flatMap((o, i) => o.items.map((it) => ({ ...it, orderId: ids[i]! })));
  const itemCol = (f: (i: (typeof items)[number]) => string | number) => pgArrayText(items.map(f));
  const values: Record<string, unknown> = {
    school: schoolId,
    date,
    at: at.toISOString(),
    o_id: pgArrayText(ids),
    o_student: col((o) => o.studentId),
    o_store: col((o) => o.store),
    o_teacher: col((o) => o.teacherId),
    o_status: col((o) => o.status ?? 'PENDING'),
    o_total: pgArrayText(totals),
    o_est: col((o) => o.estimatedDelivery),
    o_cut: col((o) => o.cutOffDate),
    o_by: col((o) => o.placedBy),
    i_order: itemCol((i) => i.orderId),
    i_product: itemCol((i) => i.productId),
    i_name: itemCol((i) => i.name),
    i_price: itemCol((i) => i.price),
    i_quantity: itemCol((i) => i.quantity),
    i_category: itemCol((i) => i.category),
  };
  const statements = (s: Slot, onlyIf?: SQL): [SQL, SQL] => {
    const when = onlyIf ? sql`where ${onlyIf}` : sql``;
    return [
      sql`
    insert into orders (school_id, id, student_id, store, teacher_id, status, total, date, estimated_delivery, cut_off_date, placed_by, created_at, updated_at)
    select ${s('school')}::uuid, t.id, t.s, t.store, t.teacher, t.status, t.total, ${s('date')}::date, t.est, t.cut, t.by, ${s('at')}::timestamptz, ${s('at')}::timestamptz
    from unnest(${s('o_id')}::uuid[], ${s('o_student')}::uuid[], ${s('o_store')}::text[],
                ${s('o_teacher')}::uuid[], ${s('o_status')}::text[], ${s('o_total')}::int[],
                ${s('o_est')}::date[], ${s('o_cut')}::date[], ${s('o_by')}::uuid[])
         as t(id, s, store, teacher, status, total, est, cut, by) ${when}`,
      sql`
    insert into order_items (school_id, id, order_id, product_id, name, price, quantity, category)
    select ${s('school')}::uuid, gen_random_uuid(), t.o, t.p, t.n, t.price, t.q, t.c
    from unnest(${s('i_order')}::uuid[], ${s('i_product')}::text[], ${s('i_name')}::text[],
                ${s('i_price')}::int[], ${s('i_quantity')}::int[], ${s('i_category')}::text[])
         as t(o, p, n, price, q, c) ${when}`,
    ];
  };
  const deltas = list.map((o, i) => ({
    studentId: o.studentId,
    date,
    category: STORE_CATEGORY,
    earned: 0,
    spent: totals[i]!,
    count: 1,
  }));
  return { ids, values, statements, deltas };
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
  const { ids, values, statements, deltas } = orderInserts(schoolId, date, at, list);
  await applyLedger(tx, schoolId, deltas, statements(inlineSlot(values)));
  return ids;
}

/** An error of PostgreSQL (drizzle may wrap it) with this SQLSTATE. */
const sqlState = (err: unknown, code: string): boolean => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === code || e?.cause?.code === code;
};

/**
 * One student's orders as one statement, in no transaction of the caller's
 * (docs/decisions/102-one-statement-purchases.md). The wallet is debited first, with a guard that
 * PostgreSQL re-checks on the row's latest version (balance ≥ what the orders cost, and not
 * negative); everything else is written only when that row was: the stock of limited products
 * (rows locked in id order, each guarded so it stays ≥ 0), the orders and items, the rollups and
 * what `alongWith` gives for the new ids. The statement's text depends only on its shape, built
 * once and named (`executeShaped`, docs/decisions/140-lean-hot-paths.md).
 * The wallet row being locked first, one student's purchases still run one at a time, in the same
 * lock order as `lockWallet` then `adjustStock`. A stock guard that fails aborts the whole
 * statement (a division by zero), as does a unique key that `alongWith` violates. Returns the ids
 * and the balance after, or null when a guard failed and nothing was written: the caller then
 * takes the transactional path, which words the refusal.
 */
export async function writeOrdersGuarded(
  db: Queryable,
  schoolId: string,
  studentId: string,
  date: string,
  at: Date,
  list: readonly NewOrder[],
  stock: readonly { id: string; quantity: number }[],
  alongWith: (ids: readonly string[]) => AlongWith,
): Promise<{ ids: string[]; balance: number } | null> {
  const orders = orderInserts(schoolId, date, at, list);
  const total = orders.deltas.reduce((n, d) => n + d.spent, 0);
  const sorted = [...stock].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rollups = rollupUpserts(orders.deltas);
  const along = alongWith(orders.ids);
  const values: Record<string, unknown> = {
    ...orders.values,
    ...rollups.values,
    ...along.values,
    student: studentId,
    total,
    stock_id: pgArrayText(sorted.map((x) => x.id)),
    stock_q: pgArrayText(sorted.map((x) => x.quantity)),
    stock_n: sorted.length,
  };
  // The text depends on whether any product is limited and on what goes along, not on the values.
  const build = () => {
    const s = slot;
    const paid = sql`exists (select 1 from w)`;
    const ctes: SQL[] = [
      sql`w as (update wallets set balance = balance - ${s('total')}, total_spent = total_spent + ${s('total')}
      where school_id = ${s('school')} and student_id = ${s('student')} and balance >= ${s('total')} and balance >= 0
      returning balance)`,
    ];
    if (sorted.length)
      ctes.push(
        sql`locked as (select p.id from products p where p.school_id = ${s('school')} and p.id = any(${s('stock_id')}::uuid[]) and p.stock is not null and ${paid} order by p.id for update)`,
        sql`taken as (update products p set stock = p.stock - t.q, updated_at = now()
        from unnest(${s('stock_id')}::uuid[], ${s('stock_q')}::int[]) as t(id, q)
        where p.school_id = ${s('school')} and p.id = t.id and p.id in (select id from locked) and p.stock >= t.q
        returning p.id)`,
      );
    const statements = [
      ...orders.statements(s, paid),
      ...rollups.statements(s, paid),
      ...along.statements(s, { onlyIf: paid, balanceAfter: sql`(select balance from w)` }),
    ];
    statements.forEach((statement, i) => ctes.push(sql`${sql.raw(`s${i}`)} as (${statement})`));
    // Every limited product taken, or a division by zero undoes the whole statement.
    const stockTaken = sorted.length
      ? sql`case when not ${paid} then 1 else 1 / (case when (select count(*) from taken) = ${s('stock_n')}::int then 1 else 0 end) end`
      : sql`1`;
    return sql`with ${sql.join(ctes, sql`, `)} select (select balance from w) as balance, ${stockTaken} as stock_taken`;
  };
  try {
    const [row] = rowsOf<{ balance: string | number | null }>(
      await executeShaped(
        db,
        `orders-guarded ${sorted.length ? 'stock' : 'no-stock'} ${along.key}`,
        build,
        values,
      ),
    );
    return row?.balance === null || row?.balance === undefined
      ? null
      : { ids: orders.ids, balance: Number(row.balance) };
  } catch (err) {
    // 22012: a stock guard failed; 23505: `alongWith` met a row that is there already (an Idempotency-Key).
    if (sqlState(err, '22012') || sqlState(err, '23505')) return null;
    throw err;
  }
}

/**
 * What a guarded write of orders writes along with them: statements whose text depends only on
 * `key`, taking their values from slots (`values`), written under `onlyIf` (the wallet was debited);
 * `balanceAfter` is the balance after the orders, as SQL.
 */
export interface AlongWith {
  key: string;
  values: Record<string, unknown>;
  statements: (s: Slot, along: { onlyIf: SQL; balanceAfter: SQL }) => SQL[];
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
