import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  clockNow,
  customizationRefusal,
  FONTS,
  ICONS,
  memberStatus,
  msg,
  SPENDING_ORDER_STATUSES,
  todayIn,
  type CustomizationBody,
  type PlaceOrderResult,
} from '@app/domain';
import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { earnedBetween } from '../../ledger/earned.js';
import { lockWallet, writeOrders, type OrderRow } from '../../ledger/orders.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { schoolFacts } from './place.js';
import { presentOrder } from './present.js';

/**
 * POST order/customization: a student buys a font or an icon, owned for good (an order of store
 * `fonts` or `icons`, REDEEMED at once, on the ledger like any purchase). Icons are gated by the
 * student's member level (earned this school year); each is bought once.
 */
export async function buyCustomization(
  tx: Tx,
  u: AuthUser,
  body: CustomizationBody,
): Promise<PlaceOrderResult> {
  const option =
    body.productCategory === 'fonts'
      ? FONTS.find((f) => f.id === body.productId)
      : ICONS.find((i) => i.id === body.productId);
  if (!option) throw notFound(msg('msg.productNotFound'));
  // The day an order counts on follows the rules' clock; its timestamps record when it was made.
  const now = new Date();
  const today = todayIn(u.school.timeZone, clockNow());
  const facts = await schoolFacts(tx, u.schoolId, today);
  const balance = await lockWallet(tx, u.schoolId, u.id);
  const [earned, [held]] = await Promise.all([
    earnedBetween(tx, u.schoolId, u.id, facts.yearStart, facts.yearEnd),
    tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(orders)
      .innerJoin(
        orderItems,
        and(eq(orderItems.schoolId, orders.schoolId), eq(orderItems.orderId, orders.id)),
      )
      .where(
        and(
          eq(orders.schoolId, u.schoolId),
          eq(orders.studentId, u.id),
          eq(orders.store, body.productCategory),
          eq(orderItems.productId, option.id),
          inArray(orders.status, [...SPENDING_ORDER_STATUSES]),
        ),
      ),
  ]);
  const refusal = customizationRefusal({
    option,
    owned: (held?.n ?? 0) > 0,
    studentLevel: memberStatus(Math.max(0, earned)).tier,
    balance,
    today,
    yearEnd: facts.yearEnd,
  });
  if (refusal) throw badRequest(refusal);
  const item = {
    productId: option.id,
    name: option.name,
    price: option.price,
    quantity: 1,
    category: body.productCategory,
  };
  const [id] = await writeOrders(tx, u.schoolId, today, now, [
    {
      studentId: u.id,
      store: body.productCategory,
      teacherId: null,
      status: 'REDEEMED',
      estimatedDelivery: null,
      cutOffDate: null,
      placedBy: u.id,
      items: [item],
    },
  ]);
  const row: OrderRow = {
    schoolId: u.schoolId,
    id: id!,
    studentId: u.id,
    store: body.productCategory,
    teacherId: null,
    status: 'REDEEMED',
    total: option.price,
    date: today,
    estimatedDelivery: null,
    cutOffDate: null,
    deliveryLocation: null,
    placedBy: u.id,
    createdAt: now,
    updatedAt: now,
  };
  const student = {
    _id: u.id,
    externalId: u.externalId,
    firstName: u.firstName,
    lastName: u.lastName,
    gradeLevel: u.gradeLevel,
  };
  return { orders: [presentOrder(row, [item], student, null)], balance: balance - option.price };
}
