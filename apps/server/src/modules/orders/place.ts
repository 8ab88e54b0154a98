import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clockNow,
  deliveryMode,
  itemsTotal,
  msg,
  nextDeliveryDateOn,
  orderRefusal,
  orderStoreKey,
  schoolYearFor,
  todayIn,
  type DeliveryDate,
  type OrderCheck,
  type OrderLine,
  type OrderStudent,
  type PlaceOrderBody,
  type PlaceOrderResult,
  type StoreState,
} from '@app/domain';
import { rowsOf, type Queryable, type Tx } from '../../db/client.js';
import { executeShaped, inlineSlot, slot } from '../../db/named.js';
import { products, users } from '../../db/schema.js';
import {
  isSpending,
  lockWallet,
  setOrderDelivery,
  writeOrders,
  writeOrdersGuarded,
  type NewOrder,
  type OrderRow,
} from '../../ledger/orders.js';
import { adjustStock } from '../../ledger/stock.js';
import { buyerOf, type Buyer } from '../../access/orders.js';
import { periodAlias, teachesSql } from '../../access/periods.js';
import { shopsForThemselves, teachersOfStudent } from '../../access/products.js';
import type { AuthUser } from '../../lib/auth-context.js';
import type { KeepAnswer } from '../../lib/idempotency.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pgArrayText } from '../../lib/pg-array.js';
import { cartValues, emptyCart } from './empty-cart.js';
import { presentOrder, type TeacherRef } from './present.js';
import { yearInForceIdSql } from '../calendar/service.js';

const teacherUser = alias(users, 'product_teacher');

type FactsRow = {
  year: string | null;
  is_open: boolean | null;
  reopen_date: string | null;
  dates: DeliveryDate[] | string;
};
type Facts = { yearStart: string; yearEnd: string; store: StoreState; dates: DeliveryDate[] };

/** The columns of the school's facts (a FactsRow), selected `from factsFrom(…)`. */
const factsColumns = (schoolId: string | SQL, today: string | SQL) => sql`
  (select y.start_date::text || '/' || y.end_date::text from school_years y where y.school_id = ${schoolId} and y.id = ${yearInForceIdSql(schoolId, today)}) as year,
  s.is_open, s.reopen_date::text as reopen_date,
  (select coalesce(json_agg(json_build_object('_id', d.id, 'date', d.date::text, 'cutOffDate', d.cut_off_date::text, 'gradeLevels', d.grade_levels)), '[]'::json)
     from delivery_dates d where d.school_id = ${schoolId} and (d.date >= ${today}::date or d.cut_off_date >= ${today}::date)) as dates`;
const factsFrom = (schoolId: string | SQL) =>
  sql`(select 1) one left join store_settings s on s.school_id = ${schoolId}`;

/** A json column: parsed by node-postgres, a string from some drivers. */
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function factsOf(row: FactsRow | undefined, today: string): Facts {
  const dates = row?.dates ? json(row.dates) : [];
  const fallback = schoolYearFor(today);
  const [yearStart, yearEnd] = row?.year
    ? row.year.split('/')
    : [fallback.yearStart, fallback.yearEnd];
  return {
    yearStart: yearStart!,
    yearEnd: yearEnd!,
    store: { isOpen: row?.is_open ?? true, reopenDate: row?.reopen_date ?? null },
    dates,
  };
}

/** The school's facts an order needs, in one round trip: the year's end, the store's state, the dates to come. */
export async function schoolFacts(tx: Queryable, schoolId: string, today: string): Promise<Facts> {
  const [row] = rowsOf<FactsRow>(
    await tx.execute(sql`select ${factsColumns(schoolId, today)} from ${factsFrom(schoolId)}`),
  );
  return factsOf(row, today);
}

type Product = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'store'
  | 'teacherId'
  | 'name'
  | 'price'
  | 'category'
  | 'stock'
  | 'limitPerStudent'
  | 'active'
>;
type Row = {
  p: Product;
  t: { _id: string | null; firstName: string | null; lastName: string | null } | null;
};

const storeKey = (p: Product) => orderStoreKey(p.store, p.teacherId);

function wantedOf(items: PlaceOrderBody['orderItems']): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const l of items) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

/** The orders for `rows` (one per store), dated by the school's next delivery date for the student. */
function planOrders(
  u: AuthUser,
  buyer: Pick<Buyer, 'student'>,
  rows: readonly Row[],
  wanted: ReadonlyMap<string, number>,
  facts: Facts,
  today: string,
): { groups: Row[][]; newOrders: NewOrder[] } {
  const next = nextDeliveryDateOn(
    facts.dates,
    today,
    buyer.student.gradeLevel,
    deliveryMode(u.school.storeModel),
  );
  const byStore = new Map<string, Row[]>();
  for (const r of rows) byStore.set(storeKey(r.p), [...(byStore.get(storeKey(r.p)) ?? []), r]);
  const groups = [...byStore.values()];
  const newOrders: NewOrder[] = groups.map((g) => ({
    studentId: buyer.student._id,
    store: g[0]!.p.store,
    teacherId: g[0]!.p.teacherId,
    estimatedDelivery: next?.date ?? null,
    cutOffDate: next?.cutOffDate ?? null,
    placedBy: u.id,
    items: g.map((r) => ({
      productId: r.p.id,
      name: r.p.name,
      price: r.p.price,
      quantity: wanted.get(r.p.id)!,
      category: r.p.category,
    })),
  }));
  return { groups, newOrders };
}

/** The answer: the orders as written, and the balance after them. */
function answer(
  u: AuthUser,
  buyer: Buyer,
  today: string,
  now: Date,
  groups: readonly Row[][],
  newOrders: readonly NewOrder[],
  orderIds: readonly string[],
  balance: number,
): PlaceOrderResult {
  return {
    orders: newOrders.map((o, i) => {
      const row: OrderRow = {
        schoolId: u.schoolId,
        id: orderIds[i]!,
        studentId: buyer.student._id,
        store: o.store,
        teacherId: o.teacherId,
        status: 'PENDING',
        total: itemsTotal(o.items),
        date: today,
        estimatedDelivery: o.estimatedDelivery,
        cutOffDate: o.cutOffDate,
        deliveryLocation: null,
        placedBy: u.id,
        createdAt: now,
        updatedAt: now,
      };
      const t = groups[i]![0]!.t;
      const teacher: TeacherRef = t?._id
        ? { _id: t._id, firstName: t.firstName!, lastName: t.lastName! }
        : null;
      return presentOrder(
        row,
        [...o.items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        buyer.student,
        teacher,
      );
    }),
    balance,
  };
}

/**
 * The one read of a student's purchase: the school's facts, the wallet's balance and the products
 * with their teachers, from the slots `school`, `today`, `user` and `ids` (built once: `executeShaped`).
 */
const purchaseRead = () => {
  const s = slot;
  return sql`select ${factsColumns(s('school'), s('today'))},
      (select balance from wallets where school_id = ${s('school')} and student_id = ${s('user')}) as balance,
      (select coalesce(json_agg(json_build_object('id', p.id, 'store', p.store, 'teacherId', p.teacher_id, 'name', p.name,
          'price', p.price, 'category', p.category, 'stock', p.stock, 'limitPerStudent', p.limit_per_student, 'active', p.active,
          'tFirst', t.first_name, 'tLast', t.last_name,
          'mine', case when p.store = 'Teacher' then exists (
            select 1 from period_students ps join periods pe on pe.school_id = ps.school_id and pe.id = ps.period_id
            where ps.school_id = ${s('school')} and ps.student_id = ${s('user')} and ${teachesSql(periodAlias('pe'), { id: sql`t.id`, externalId: sql`t.external_id` })}) end)), '[]'::json)
        from products p left join users t on t.school_id = p.school_id and t.id = p.teacher_id
        where p.school_id = ${s('school')} and p.id = any(${s('ids')}::uuid[]) and p.deleted_at is null) as products
      from ${factsFrom(s('school'))}`;
};

/**
 * POST order by a student for themselves in two statements and no transaction
 * (docs/decisions/102-one-statement-purchases.md): one read of everything the rules need, the
 * rules of docs/spec.md section 10.4 checked here, then one guarded statement that writes it all
 * (`writeOrdersGuarded`). Null, having written nothing, whenever the transactional `placeOrder`
 * must answer instead: a teacher buying for a student, a product with a per-student limit (its
 * count needs the wallet's lock), any refusal (worded there, from what it reads under the lock),
 * or a guard that failed because another request changed the wallet or the stock meanwhile, or
 * because the Idempotency-Key `keep` stores the answer under is taken.
 */
export async function placeOrderAtOnce(
  db: Queryable,
  u: AuthUser,
  body: PlaceOrderBody,
  keep?: KeepAnswer,
): Promise<PlaceOrderResult | null> {
  if ((body.studentId && body.studentId !== u.id) || !shopsForThemselves(u)) return null;
  const wanted = wantedOf(body.orderItems);
  const ids = [...wanted.keys()];
  if (!ids.every(isUuid)) return null;
  const buyer = await buyerOf(db, u, body.studentId);
  // The day an order counts on follows the rules' clock; its timestamps record when it was made.
  const now = new Date();
  const today = todayIn(u.school.timeZone, clockNow());
  type Found = Product & { mine: boolean | null; tFirst: string | null; tLast: string | null };
  const [read] = rowsOf<FactsRow & { balance: string | number | null; products: Found[] | string }>(
    await executeShaped(db, 'purchase read', purchaseRead, {
      school: u.schoolId,
      today,
      user: u.id,
      ids: pgArrayText(ids),
    }),
  );
  if (!read || read.balance === null) return null;
  const found = json(read.products);
  if (
    found.length !== ids.length ||
    found.some((p) => p.limitPerStudent !== null || (p.store === 'Teacher' && !p.mine))
  )
    return null;
  const rows: Row[] = found.map(({ mine: _, tFirst, tLast, ...p }) => ({
    p,
    t: { _id: p.teacherId, firstName: tFirst, lastName: tLast },
  }));
  const facts = factsOf(read, today);
  const check: OrderCheck = {
    buyer: 'student',
    today,
    store: facts.store,
    yearEnd: facts.yearEnd,
    balance: Number(read.balance),
    lines: rows.map((r) => ({
      product: r.p,
      quantity: wanted.get(r.p.id)!,
      storeKey: storeKey(r.p),
      alreadyBought: 0,
    })),
  };
  if (orderRefusal(check)) return null;
  const { groups, newOrders } = planOrders(u, buyer, rows, wanted, facts, today);
  const written = await writeOrdersGuarded(
    db,
    u.schoolId,
    u.id,
    today,
    now,
    newOrders,
    rows
      .filter((r) => r.p.stock !== null)
      .map((r) => ({ id: r.p.id, quantity: wanted.get(r.p.id)! })),
    (orderIds) => ({
      key: keep ? 'cart, kept answer' : 'cart',
      values: {
        ...cartValues(u, u.id, ids, now),
        ...(keep && {
          ...keep.values,
          k_answer: JSON.stringify(answer(u, buyer, today, now, groups, newOrders, orderIds, 0)),
        }),
      },
      statements: (s, { onlyIf, balanceAfter }) => [
        emptyCart(s, onlyIf),
        ...(keep
          ? [
              keep.statement(
                s,
                sql`${s('k_answer')}::jsonb || jsonb_build_object('balance', ${balanceAfter})`,
                onlyIf,
              ),
            ]
          : []),
      ],
    }),
  );
  if (!written) return null;
  return answer(u, buyer, today, now, groups, newOrders, written.ids, written.balance);
}

/**
 * Who buys, and how: a student for themselves, a teacher for a student of theirs (`buyerOf`), or
 * the school store's counter for a student standing at it (issue 35): the school store's products
 * only, handed over at once, never held back by a delivery date or its cut-off.
 */
type Purchase = Buyer | { kind: 'counter'; student: OrderStudent };

/** What `placeFor` wrote: the orders (one per store), their ids, and the balance after them. */
interface Placed {
  now: Date;
  today: string;
  groups: Row[][];
  newOrders: NewOrder[];
  orderIds: string[];
  balance: number;
}

/**
 * POST order: one transaction (the caller's) that locks the student's wallet, checks every rule
 * of docs/spec.md section 10.4 with the spec's messages, takes the stock with a guarded update and
 * writes one order per store (items with the name and price as bought) with the points spent.
 */
export async function placeOrder(
  tx: Tx,
  u: AuthUser,
  body: PlaceOrderBody,
): Promise<PlaceOrderResult> {
  const buyer = await buyerOf(tx, u, body.studentId);
  const p = await placeFor(tx, u, buyer, body.orderItems);
  return answer(u, buyer, p.today, p.now, p.groups, p.newOrders, p.orderIds, p.balance);
}

/**
 * A sale at the school store's counter (POST counter/sales, docs/decisions/139-badges-and-counter.md):
 * the order placement above, in the student's name and under the same rules and messages, written
 * as handed over (REDEEMED, at `location`, today) in the caller's transaction. The id of its one
 * order (the counter sells the school store's products only) and the balance after it.
 */
export async function placeCounterSale(
  tx: Tx,
  u: AuthUser,
  student: OrderStudent,
  items: PlaceOrderBody['orderItems'],
  location: string,
): Promise<{ orderId: string; balance: number }> {
  const p = await placeFor(tx, u, { kind: 'counter', student }, items);
  await setOrderDelivery(tx, u.schoolId, p.orderIds, { deliveryLocation: location });
  return { orderId: p.orderIds[0]!, balance: p.balance };
}

/** The products of `ids` (not deleted) with their teacher, and how many of each the student holds when it has a limit. */
function productsFor(tx: Tx, u: AuthUser, studentId: string, ids: string[]) {
  return tx
    .select({
      p: products,
      t: { _id: teacherUser.id, firstName: teacherUser.firstName, lastName: teacherUser.lastName },
      bought: sql<number>`case when ${products.limitPerStudent} is null then 0 else coalesce((
        select sum(i.quantity) from order_items i join orders o on o.school_id = i.school_id and o.id = i.order_id
        where i.school_id = ${u.schoolId} and i.product_id = ${products.id}::text and o.student_id = ${studentId}
          and ${isSpending(sql`o.status`)}), 0) end`.mapWith(Number),
    })
    .from(products)
    .leftJoin(
      teacherUser,
      and(eq(teacherUser.schoolId, products.schoolId), eq(teacherUser.id, products.teacherId)),
    )
    .where(
      and(eq(products.schoolId, u.schoolId), inArray(products.id, ids), isNull(products.deletedAt)),
    );
}

/** Which stores' products the purchase may hold: refused with 403 or 404 as `placeOrder` always has. */
async function checkStores(tx: Tx, u: AuthUser, purchase: Purchase, rows: readonly Row[]) {
  const studentId = purchase.student._id;
  if (purchase.kind === 'counter') {
    if (rows.some((r) => r.p.store !== 'School')) throw notFound(msg('msg.productNotFound'));
  } else if (purchase.kind === 'teacher') {
    if (rows.some((r) => r.p.store !== 'Teacher' || r.p.teacherId !== u.id))
      throw forbidden(msg('msg.teacherOrdersOwnStore'));
  } else if (rows.some((r) => r.p.store === 'Teacher')) {
    const mine = new Set(await teachersOfStudent(tx, u.schoolId, studentId));
    if (rows.some((r) => r.p.store === 'Teacher' && !mine.has(r.p.teacherId!)))
      throw notFound(msg('msg.productNotFound'));
  }
}

/** The order placement itself, for any purchase: see `placeOrder`. */
async function placeFor(
  tx: Tx,
  u: AuthUser,
  purchase: Purchase,
  items: PlaceOrderBody['orderItems'],
): Promise<Placed> {
  // The day an order counts on follows the rules' clock; its timestamps record when it was made.
  const now = new Date();
  const today = todayIn(u.school.timeZone, clockNow());
  const studentId = purchase.student._id;

  const wanted = wantedOf(items);
  const ids = [...wanted.keys()];
  if (!ids.every(isUuid)) throw notFound(msg('msg.productNotFound'));

  const facts = await schoolFacts(tx, u.schoolId, today);
  // From here the student's purchases run one at a time: balance and limits hold until commit.
  const balance = await lockWallet(tx, u.schoolId, studentId);
  const rows = await productsFor(tx, u, studentId, ids);
  if (rows.length !== ids.length) throw notFound(msg('msg.productNotFound'));
  await checkStores(tx, u, purchase, rows);

  const lines: OrderLine[] = rows.map((r) => ({
    product: r.p,
    quantity: wanted.get(r.p.id)!,
    storeKey: storeKey(r.p),
    alreadyBought: r.bought,
  }));
  const check: OrderCheck = {
    // At the counter the cashier is told how many points the student lacks, as a teacher is.
    buyer: purchase.kind === 'student' ? 'student' : 'teacher',
    today,
    store: facts.store,
    yearEnd: facts.yearEnd,
    balance,
    lines,
  };
  const refusal = orderRefusal(check);
  if (refusal) throw badRequest(refusal);
  await takeStock(tx, u, rows, lines, check);

  const planned = planOrders(u, purchase, rows, wanted, facts, today);
  const newOrders =
    purchase.kind === 'counter'
      ? planned.newOrders.map((o): NewOrder => ({
          ...o,
          status: 'REDEEMED',
          estimatedDelivery: today,
          cutOffDate: null,
        }))
      : planned.newOrders;
  const orderIds = await writeOrders(tx, u.schoolId, today, now, newOrders);

  // What was bought leaves the student's cart (what they buy at the counter is not in it).
  if (purchase.kind === 'student')
    await tx.execute(emptyCart(inlineSlot(cartValues(u, studentId, ids, now))));

  const spent = newOrders.reduce((n, o) => n + itemsTotal(o.items), 0);
  return { now, today, groups: planned.groups, newOrders, orderIds, balance: balance - spent };
}

/** Stock: a guarded decrement; if another purchase took it since the read, the fresh stock says why. */
async function takeStock(
  tx: Tx,
  u: AuthUser,
  rows: readonly Row[],
  lines: readonly OrderLine[],
  check: OrderCheck,
): Promise<void> {
  const limited = rows.flatMap((r, i) =>
    r.p.stock === null ? [] : [{ id: r.p.id, delta: -lines[i]!.quantity }],
  );
  const taken = await adjustStock(tx, u.schoolId, limited, true);
  if (taken.length >= limited.length) return;
  const fresh = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      and(
        eq(products.schoolId, u.schoolId),
        inArray(
          products.id,
          limited.map((l) => l.id),
        ),
      ),
    );
  const stock = new Map(fresh.map((f) => [f.id, f.stock]));
  const freshLines = lines.map((l, i) => ({
    ...l,
    product: { ...l.product, stock: stock.get(rows[i]!.p.id) ?? l.product.stock },
  }));
  const short = lines.find((l, i) => !taken.includes(rows[i]!.p.id) && l.product.stock !== null);
  throw badRequest(
    orderRefusal({ ...check, lines: freshLines }) ??
      msg('msg.outOfStock', { name: short?.product.name ?? 'This item' }),
  );
}
