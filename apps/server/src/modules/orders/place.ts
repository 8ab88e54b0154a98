import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  deliveryMode,
  itemsTotal,
  MSG,
  nextDeliveryDateOn,
  orderStoreKey,
  orderRefusal,
  schoolYearFor,
  todayIn,
  type DeliveryDate,
  type OrderCheck,
  type OrderLine,
  type PlaceOrderBody,
  type PlaceOrderResult,
  type StoreState,
} from '@app/domain';
import { rowsOf, type Queryable, type Tx } from '../../db/client.js';
import { carts, products, users } from '../../db/schema.js';
import {
  isSpending,
  lockWallet,
  writeOrders,
  type NewOrder,
  type OrderRow,
} from '../../ledger/orders.js';
import { adjustStock } from '../../ledger/stock.js';
import { buyerOf } from '../../access/orders.js';
import { teachersOfStudent } from '../../access/products.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pgArray } from '../../lib/pg-array.js';
import { presentOrder, type TeacherRef } from './present.js';

const teacherUser = alias(users, 'product_teacher');

/** The school's facts an order needs, in one round trip: the year's end, the store's state, the dates to come. */
export async function schoolFacts(
  tx: Queryable,
  schoolId: string,
  today: string,
): Promise<{ yearStart: string; yearEnd: string; store: StoreState; dates: DeliveryDate[] }> {
  const [row] = rowsOf<{
    year: string | null;
    is_open: boolean | null;
    reopen_date: string | null;
    dates: DeliveryDate[] | string;
  }>(
    await tx.execute(sql`
      select
        (select y.start_date::text || '/' || y.end_date::text from school_years y where y.school_id = ${schoolId} and y.start_date <= ${today}::date order by y.start_date desc limit 1) as year,
        s.is_open, s.reopen_date::text as reopen_date,
        (select coalesce(json_agg(json_build_object('_id', d.id, 'date', d.date::text, 'cutOffDate', d.cut_off_date::text, 'gradeLevels', d.grade_levels)), '[]'::json)
           from delivery_dates d where d.school_id = ${schoolId} and (d.date >= ${today}::date or d.cut_off_date >= ${today}::date)) as dates
      from (select 1) one left join store_settings s on s.school_id = ${schoolId}`),
  );
  const dates =
    typeof row?.dates === 'string' ? (JSON.parse(row.dates) as DeliveryDate[]) : (row?.dates ?? []);
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
  const now = new Date();
  const today = todayIn(u.school.timeZone, now);
  const buyer = await buyerOf(tx, u, body.studentId);
  const studentId = buyer.student._id;

  const wanted = new Map<string, number>();
  for (const l of body.orderItems)
    wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  const ids = [...wanted.keys()];
  if (!ids.every(isUuid)) throw notFound('Product not found');

  const facts = await schoolFacts(tx, u.schoolId, today);
  // From here the student's purchases run one at a time: balance and limits hold until commit.
  const balance = await lockWallet(tx, u.schoolId, studentId);
  const rows = await tx
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
  if (rows.length !== ids.length) throw notFound('Product not found');

  if (buyer.kind === 'teacher') {
    if (rows.some((r) => r.p.store !== 'Teacher' || r.p.teacherId !== u.id))
      throw forbidden('A teacher orders for a student only from their own store.');
  } else if (rows.some((r) => r.p.store === 'Teacher')) {
    const mine = new Set(await teachersOfStudent(tx, u.schoolId, studentId));
    if (rows.some((r) => r.p.store === 'Teacher' && !mine.has(r.p.teacherId!)))
      throw notFound('Product not found');
  }

  const storeKey = (p: typeof products.$inferSelect) => orderStoreKey(p.store, p.teacherId);
  const lines: OrderLine[] = rows.map((r) => ({
    product: r.p,
    quantity: wanted.get(r.p.id)!,
    storeKey: storeKey(r.p),
    alreadyBought: r.bought,
  }));
  const check: OrderCheck = {
    buyer: buyer.kind,
    today,
    store: facts.store,
    yearEnd: facts.yearEnd,
    balance,
    lines,
  };
  const refusal = orderRefusal(check);
  if (refusal) throw badRequest(refusal);

  // Stock: a guarded decrement; if another purchase took it since the read, the fresh stock says why.
  const limited = rows
    .filter((r) => r.p.stock !== null)
    .map((r) => ({ id: r.p.id, delta: -wanted.get(r.p.id)! }));
  const taken = await adjustStock(tx, u.schoolId, limited, true);
  if (taken.length < limited.length) {
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
        MSG.outOfStock(short?.product.name ?? 'This item'),
    );
  }

  const next = nextDeliveryDateOn(
    facts.dates,
    today,
    buyer.student.gradeLevel,
    deliveryMode(u.school.storeModel),
  );
  const byStore = new Map<string, typeof rows>();
  for (const r of rows) byStore.set(storeKey(r.p), [...(byStore.get(storeKey(r.p)) ?? []), r]);
  const groups = [...byStore.values()];
  const newOrders: NewOrder[] = groups.map((g) => ({
    studentId,
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
  const orderIds = await writeOrders(tx, u.schoolId, today, now, newOrders);

  // What was bought leaves the student's cart.
  if (buyer.kind === 'student')
    await tx
      .update(carts)
      .set({
        items: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${carts.items}) e where not (e->>'productId' = any(${pgArray(ids, 'text')})))`,
        updatedAt: now,
      })
      .where(and(eq(carts.schoolId, u.schoolId), eq(carts.studentId, studentId)));

  const spent = newOrders.reduce((n, o) => n + itemsTotal(o.items), 0);
  return {
    orders: newOrders.map((o, i) => {
      const row: OrderRow = {
        schoolId: u.schoolId,
        id: orderIds[i]!,
        studentId,
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
        ? { _id: t._id, firstName: t.firstName, lastName: t.lastName }
        : null;
      return presentOrder(
        row,
        [...o.items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        buyer.student,
        teacher,
      );
    }),
    balance: balance - spent,
  };
}
