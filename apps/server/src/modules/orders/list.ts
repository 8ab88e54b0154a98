import { and, eq, sql } from 'drizzle-orm';
import {
  compareGrades,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  SPENDING_ORDER_STATUSES,
  type Order,
  type OrderListQuery,
  type OrderStats,
  type OrderStatus,
  type StoreManagerMeta,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { deliveryDates, orders, users, wallets } from '../../db/schema.js';
import { scopeOf } from '../../access/permission.js';
import { namedStudentId, studentFor } from '../../access/students.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { isUuid } from '../../lib/ids.js';
import { ordersWhere, type OrderFilter } from './present.js';

/** The filters of docs/spec.md section 4 a list call asks for. */
const filtersOf = (q: OrderListQuery): OrderFilter => ({
  status: q.status,
  deliveryDate: q.deliveryDate,
  gradeLevel: q.gradeLevel,
  limit: q.limit,
  offset: q.offset || undefined,
});

/** GET order/student: the student's own orders (fonts and icons included), newest first; another student's `studentId` is refused. */
export async function listStudentOrders(
  db: Queryable,
  u: AuthUser,
  q: OrderListQuery,
): Promise<Order[]> {
  const id = (await namedStudentId(db, u, 'orders:readStudent', q.studentId)) ?? u.id;
  return ordersWhere(db, u.schoolId, { ...filtersOf(q), studentId: id });
}

/**
 * GET order/teacher/: a store's orders. A teacher sees their own store's; the school store's staff
 * (school scope) the school store's by default, teachers' stores' with `store=Teacher`, or both with ALL.
 */
export async function listStoreOrders(
  db: Queryable,
  u: AuthUser,
  q: OrderListQuery,
): Promise<Order[]> {
  // A studentId filter that is no id matches no order.
  if (q.studentId !== undefined && !isUuid(q.studentId)) return [];
  const store: OrderFilter =
    scopeOf(u, 'orders:readStore') === 'school'
      ? { store: q.store ?? 'School' }
      : { store: 'Teacher', teacherId: u.id };
  return ordersWhere(db, u.schoolId, { ...filtersOf(q), ...store, studentId: q.studentId });
}

const zeroCounts = (): Record<OrderStatus, number> =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

type Json<T> = T | string | null;
const fromJson = <T>(v: Json<T>): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The store manager's header in one prepared statement (it was four): the school store's counts by
 * status, the open orders' estimated deliveries, the grades that ordered, and the delivery dates
 * (docs/decisions/117-gives-and-reads-at-scale.md).
 */
const storeManagerMetaQuery = preparedFor((db) => {
  const school = sql.placeholder('schoolId');
  const open = sql.join(
    OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return db
    .select({
      counts: sql<Json<[OrderStatus, number][]>>`(
        select json_agg(json_build_array(c.status, c.n)) from (
          select o.status, count(*)::int as n from ${orders} o
          where o.school_id = ${school} and o.store = 'School' group by o.status) c)`,
      dates: sql<Json<string[]>>`(
        select json_agg(x.d order by x.d) from (
          select distinct o.estimated_delivery as d from ${orders} o
          where o.school_id = ${school} and o.store = 'School' and o.status in (${open})
            and o.estimated_delivery is not null) x)`,
      grades: sql<Json<string[]>>`(
        select json_agg(y.g) from (
          select distinct u.grade_level as g from ${orders} o
          join ${users} u on u.school_id = o.school_id and u.id = o.student_id
          where o.school_id = ${school} and o.store = 'School' and u.grade_level is not null) y)`,
      deliveries: sql<Json<[string, string, string, string[]][]>>`(
        select json_agg(json_build_array(d.id, d.date, d.cut_off_date, d.grade_levels)
          order by d.date, d.cut_off_date, d.id)
        from ${deliveryDates} d where d.school_id = ${school})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('store_manager_meta');
});

/** GET order/store-manager/meta: the school store's counts by status and what its queue filters by. */
export async function storeManagerMeta(db: Queryable, u: AuthUser): Promise<StoreManagerMeta> {
  const [row] = await storeManagerMetaQuery(db).execute({ schoolId: u.schoolId });
  const byStatus = zeroCounts();
  for (const [status, n] of fromJson(row!.counts) ?? []) byStatus[status] = n;
  return {
    counts: byStatus,
    storeModel: u.school.storeModel,
    deliveryDates: (fromJson(row!.deliveries) ?? []).map(([id, date, cutOffDate, gradeLevels]) => ({
      _id: id,
      date,
      cutOffDate,
      gradeLevels,
    })),
    estimatedDeliveries: fromJson(row!.dates) ?? [],
    gradeLevels: (fromJson(row!.grades) ?? []).sort(compareGrades),
  };
}

/** GET order/stats/{studentId}: a student's orders at a glance, for the store at pickup. */
export async function orderStats(
  db: Queryable,
  u: AuthUser,
  studentId: string,
): Promise<OrderStats> {
  const s = await studentFor(db, u, 'orders:fulfil', studentId);
  const [counts, [wallet]] = await Promise.all([
    db
      .select({
        status: orders.status,
        n: sql<number>`count(*)::int`.mapWith(Number),
        total: sql<number>`coalesce(sum(${orders.total}), 0)::int`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.schoolId, u.schoolId), eq(orders.studentId, s.id)))
      .groupBy(orders.status),
    db
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(and(eq(wallets.schoolId, u.schoolId), eq(wallets.studentId, s.id))),
  ]);
  const byStatus = zeroCounts();
  let spent = 0;
  for (const c of counts) {
    byStatus[c.status] = c.n;
    if (SPENDING_ORDER_STATUSES.includes(c.status)) spent += c.total;
  }
  return {
    student: {
      _id: s.id,
      externalId: s.externalId,
      firstName: s.firstName,
      lastName: s.lastName,
      gradeLevel: s.gradeLevel,
    },
    balance: Number(wallet?.balance ?? 0),
    counts: byStatus,
    spent,
    openOrders: OPEN_ORDER_STATUSES.reduce((n, st) => n + byStatus[st], 0),
  };
}
