import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  type Order,
  type OrderItem,
  type OrderStatus,
  type OrderStatusFilter,
  type OrderStudent,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedByShape } from '../../db/prepared.js';
import { orderItems, orders, users } from '../../db/schema.js';
import type { OrderRow } from '../../ledger/orders.js';
import { pgArrayText } from '../../lib/pg-array.js';

const studentUser = alias(users, 'order_student');
const teacherUser = alias(users, 'order_teacher');

export type TeacherRef = { _id: string; firstName: string; lastName: string } | null;

export const presentOrder = (
  o: OrderRow,
  items: readonly OrderItem[],
  student: OrderStudent,
  teacher: TeacherRef,
): Order => ({
  _id: o.id,
  status: o.status,
  orderItems: [...items],
  total: o.total,
  studentId: o.studentId,
  estimatedDelivery: o.estimatedDelivery,
  deliveryLocation: o.deliveryLocation,
  store: o.store,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  cutOffDate: o.cutOffDate,
  student,
  teacher: o.store === 'Teacher' ? teacher : null,
});

/** The filters of an order list (docs/spec.md section 4); each combination is one prepared statement. */
export interface OrderFilter {
  studentId?: string;
  /** One store, or 'ALL': the school store's and the teachers' (not fonts and icons). */
  store?: 'School' | 'Teacher' | 'ALL';
  teacherId?: string;
  status?: OrderStatusFilter;
  deliveryDate?: string;
  gradeLevel?: string;
  ids?: readonly string[];
  limit?: number;
  offset?: number;
}

type ListRow = {
  o: OrderRow;
  s: OrderStudent;
  t: { _id: string | null; firstName: string | null; lastName: string | null };
  items: OrderItem[] | string;
};

/** The statement's name and shape: which filters it has (never their values). */
function shapeOf(f: OrderFilter): string {
  const status =
    f.status === undefined || f.status === 'ALL'
      ? ''
      : f.status === 'ACTIVE' || f.status === 'OPEN'
        ? f.status.toLowerCase()
        : 'status';
  const has = (k: keyof OrderFilter, tag: string) => (f[k] !== undefined ? tag : '');
  return [
    'orders',
    has('studentId', 's'),
    f.store === undefined ? '' : f.store.toLowerCase(),
    has('teacherId', 't'),
    status,
    has('deliveryDate', 'd'),
    has('gradeLevel', 'g'),
    has('ids', 'i'),
    has('limit', 'l'),
    has('offset', 'o'),
  ]
    .filter(Boolean)
    .join('_');
}

function buildList(db: Queryable, f: OrderFilter, name: string) {
  const ph = sql.placeholder;
  const statusIn = (list: readonly string[]) => inArray(orders.status, [...list] as OrderStatus[]);
  const where = and(
    eq(orders.schoolId, ph('schoolId')),
    f.studentId !== undefined ? eq(orders.studentId, ph('studentId')) : undefined,
    f.store === 'ALL'
      ? inArray(orders.store, ['School', 'Teacher'])
      : f.store !== undefined
        ? eq(orders.store, ph('store'))
        : undefined,
    f.teacherId !== undefined ? eq(orders.teacherId, ph('teacherId')) : undefined,
    f.status === 'ACTIVE'
      ? statusIn(ACTIVE_ORDER_STATUSES)
      : f.status === 'OPEN'
        ? statusIn(OPEN_ORDER_STATUSES)
        : f.status !== undefined && f.status !== 'ALL'
          ? eq(orders.status, ph('status'))
          : undefined,
    f.deliveryDate !== undefined ? eq(orders.estimatedDelivery, ph('deliveryDate')) : undefined,
    f.gradeLevel !== undefined ? eq(studentUser.gradeLevel, ph('gradeLevel')) : undefined,
    f.ids !== undefined ? sql`${orders.id} = any(${ph('ids')}::uuid[])` : undefined,
  );
  let q = db
    .select({
      o: orders,
      s: {
        _id: studentUser.id,
        externalId: studentUser.externalId,
        firstName: studentUser.firstName,
        lastName: studentUser.lastName,
        gradeLevel: studentUser.gradeLevel,
      },
      t: { _id: teacherUser.id, firstName: teacherUser.firstName, lastName: teacherUser.lastName },
      // The items in the order they were bought are listed: by name, then id.
      items: sql<OrderItem[] | string>`coalesce((
        select json_agg(json_build_object('productId', i.product_id, 'name', i.name, 'price', i.price,
          'quantity', i.quantity, 'category', i.category) order by i.name, i.id)
        from ${orderItems} i where i.school_id = ${orders.schoolId} and i.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(
      studentUser,
      and(eq(studentUser.schoolId, orders.schoolId), eq(studentUser.id, orders.studentId)),
    )
    .leftJoin(
      teacherUser,
      and(eq(teacherUser.schoolId, orders.schoolId), eq(teacherUser.id, orders.teacherId)),
    )
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  if (f.limit !== undefined) q = q.limit(ph('limit'));
  if (f.offset !== undefined) q = q.offset(ph('offset'));
  return q.prepare(name);
}

const listQuery = preparedByShape(shapeOf, buildList);

/**
 * The school's orders matching `f`, newest first, presented, with their items, in one prepared
 * statement (it was a query built on every call and a second one for the items).
 */
export async function ordersWhere(
  db: Queryable,
  schoolId: string,
  f: OrderFilter,
): Promise<Order[]> {
  const rows = (await listQuery(db, f).execute({
    schoolId,
    studentId: f.studentId,
    store: f.store,
    teacherId: f.teacherId,
    status: f.status,
    deliveryDate: f.deliveryDate,
    gradeLevel: f.gradeLevel,
    ids: f.ids && pgArrayText(f.ids),
    limit: f.limit,
    offset: f.offset,
  })) as ListRow[];
  return rows.map((r) =>
    presentOrder(
      r.o,
      typeof r.items === 'string' ? (JSON.parse(r.items) as OrderItem[]) : r.items,
      r.s,
      r.t?._id ? (r.t as TeacherRef) : null,
    ),
  );
}

/** Orders by id (e.g. just moved), presented, newest first. */
export const ordersByIds = (
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Order[]> => (ids.length ? ordersWhere(db, schoolId, { ids }) : Promise.resolve([]));
