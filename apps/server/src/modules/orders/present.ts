import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Order, OrderItem, OrderStudent } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema.js';
import type { OrderRow } from '../../ledger/orders.js';

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

/** Items of the orders, by order id, in the order they were bought. */
async function itemsOf(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Map<string, OrderItem[]>> {
  const out = new Map<string, OrderItem[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.schoolId, schoolId), inArray(orderItems.orderId, [...ids])))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      productId: r.productId,
      name: r.name,
      price: r.price,
      quantity: r.quantity,
      category: r.category,
    });
    out.set(r.orderId, list);
  }
  return out;
}

/** The school's orders matching `where` (joined with their student as `order_student`), newest first, presented. */
export async function ordersWhere(
  db: Queryable,
  schoolId: string,
  where: SQL | undefined,
  page: { limit?: number; offset?: number } = {},
): Promise<Order[]> {
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
    .where(and(eq(orders.schoolId, schoolId), where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  if (page.limit !== undefined) q = q.limit(page.limit);
  if (page.offset) q = q.offset(page.offset);
  const rows = await q;
  const items = await itemsOf(
    db,
    schoolId,
    rows.map((r) => r.o.id),
  );
  return rows.map((r) => presentOrder(r.o, items.get(r.o.id) ?? [], r.s, r.t?._id ? r.t : null));
}

/** Orders by id (e.g. just moved), presented, newest first. */
export const ordersByIds = (
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Order[]> =>
  ids.length ? ordersWhere(db, schoolId, inArray(orders.id, [...ids])) : Promise.resolve([]);

export { studentUser };
