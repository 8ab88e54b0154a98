import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
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
import { orders, users, wallets } from '../../db/schema.js';
import { scopeOf } from '../../access/permission.js';
import { namedStudentId, studentFor } from '../../access/students.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { isUuid } from '../../lib/ids.js';
import { listDeliveryDates } from '../delivery-dates/service.js';
import { ordersWhere, studentUser } from './present.js';

/** The filters of docs/spec.md section 4 on top of `base`. */
function filtered(base: SQL | undefined, q: OrderListQuery): SQL | undefined {
  const status =
    q.status === 'ALL'
      ? undefined
      : q.status === 'ACTIVE'
        ? inArray(orders.status, [...ACTIVE_ORDER_STATUSES])
        : q.status === 'OPEN'
          ? inArray(orders.status, [...OPEN_ORDER_STATUSES])
          : eq(orders.status, q.status);
  return and(
    base,
    status,
    q.deliveryDate ? eq(orders.estimatedDelivery, q.deliveryDate) : undefined,
    q.gradeLevel ? eq(studentUser.gradeLevel, q.gradeLevel) : undefined,
    q.studentId !== undefined
      ? isUuid(q.studentId)
        ? eq(orders.studentId, q.studentId)
        : sql`false`
      : undefined,
  );
}

const productStores = inArray(orders.store, ['School', 'Teacher']);

/** GET order/student: the student's own orders (fonts and icons included), newest first; another student's `studentId` is refused. */
export async function listStudentOrders(
  db: Queryable,
  u: AuthUser,
  q: OrderListQuery,
): Promise<Order[]> {
  const id = (await namedStudentId(db, u, 'orders:readStudent', q.studentId)) ?? u.id;
  return ordersWhere(
    db,
    u.schoolId,
    filtered(eq(orders.studentId, id), { ...q, studentId: undefined }),
    q,
  );
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
  let base: SQL | undefined;
  if (scopeOf(u, 'orders:readStore') === 'school') {
    const store = q.store ?? 'School';
    base = store === 'ALL' ? productStores : eq(orders.store, store);
  } else base = and(eq(orders.store, 'Teacher'), eq(orders.teacherId, u.id));
  return ordersWhere(db, u.schoolId, filtered(base, q), q);
}

const zeroCounts = (): Record<OrderStatus, number> =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

/** GET order/store-manager/meta: the school store's counts by status and what its queue filters by. */
export async function storeManagerMeta(db: Queryable, u: AuthUser): Promise<StoreManagerMeta> {
  const school = and(eq(orders.schoolId, u.schoolId), eq(orders.store, 'School'));
  const [counts, dates, grades, deliveryDates] = await Promise.all([
    db
      .select({ status: orders.status, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(orders)
      .where(school)
      .groupBy(orders.status),
    db
      .selectDistinct({ d: orders.estimatedDelivery })
      .from(orders)
      .where(
        and(
          school,
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
          isNotNull(orders.estimatedDelivery),
        ),
      )
      .orderBy(asc(orders.estimatedDelivery)),
    db
      .selectDistinct({ g: users.gradeLevel })
      .from(orders)
      .innerJoin(users, and(eq(users.schoolId, orders.schoolId), eq(users.id, orders.studentId)))
      .where(and(school, isNotNull(users.gradeLevel))),
    listDeliveryDates(db, u.schoolId),
  ]);
  const byStatus = zeroCounts();
  for (const c of counts) byStatus[c.status] = c.n;
  return {
    counts: byStatus,
    storeModel: u.school.storeModel,
    deliveryDates,
    estimatedDeliveries: dates.map((d) => d.d!),
    gradeLevels: grades.map((g) => g.g!).sort(compareGrades),
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
