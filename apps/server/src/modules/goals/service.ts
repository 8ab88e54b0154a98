import { and, eq, sql } from 'drizzle-orm';
import { msg, type GoalBody, type GoalEnding, type GoalState } from '@app/domain';
import { onSaleToStudent, teachersOfStudent } from '../../access/products.js';
import type { Queryable } from '../../db/client.js';
import { products, savingGoals } from '../../db/schema.js';
import { isSpending } from '../../ledger/orders.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { presentProduct, productsWhere, type ProductWithTeacher } from '../products/service.js';

const NONE: GoalState = { goal: null, note: null };

/** The product if the student may buy it now (shown, of the school store or of one of their teachers), else null. */
async function onSale(
  db: Queryable,
  u: AuthUser,
  productId: string,
): Promise<ProductWithTeacher | null> {
  const [p] = await productsWhere(db, u.schoolId, eq(products.id, productId));
  if (!p || !p.active) return null;
  if (p.store === 'School') return p;
  const teachers = await teachersOfStudent(db, u.schoolId, u.id);
  const [mine] = await productsWhere(
    db,
    u.schoolId,
    and(eq(products.id, productId), onSaleToStudent(teachers)),
  );
  return mine ?? null;
}

const soldOut = (p: { stock: number | null }) => p.stock !== null && p.stock <= 0;

/**
 * GET goal: the pinned product with its price now, or the note of why the server unpinned the last
 * one. A goal whose product the student bought since pinning, that sold out or that left their
 * store is unpinned here, at the first read that finds it so (docs/decisions/107-saving-goals.md).
 */
export async function getGoal(db: Queryable, u: AuthUser): Promise<GoalState> {
  const [g] = await db
    .select({
      productId: savingGoals.productId,
      pinnedAt: savingGoals.pinnedAt,
      ended: savingGoals.ended,
      // Drizzle leaves a one-table select's columns unqualified, so the subqueries name the table.
      productName: sql<
        string | null
      >`(select p.name from products p where p.school_id = saving_goals.school_id and p.id = saving_goals.product_id)`,
      bought: sql<boolean>`exists (
        select 1 from orders o join order_items i on i.school_id = o.school_id and i.order_id = o.id
        where o.school_id = saving_goals.school_id and o.student_id = saving_goals.student_id
          and o.created_at >= saving_goals.pinned_at and i.product_id = saving_goals.product_id::text
          and ${isSpending(sql`o.status`)})`,
    })
    .from(savingGoals)
    .where(and(eq(savingGoals.schoolId, u.schoolId), eq(savingGoals.studentId, u.id)));
  if (!g) return NONE;
  const productName = g.productName ?? 'Your goal';
  if (g.ended) return { goal: null, note: { productName, reason: g.ended } };
  const product = g.bought ? null : await onSale(db, u, g.productId);
  const ending: GoalEnding | null = g.bought
    ? 'bought'
    : !product
      ? 'gone'
      : soldOut(product)
        ? 'soldOut'
        : null;
  if (ending) {
    await db
      .update(savingGoals)
      .set({ ended: ending, endedAt: new Date() })
      .where(
        and(
          eq(savingGoals.schoolId, u.schoolId),
          eq(savingGoals.studentId, u.id),
          eq(savingGoals.productId, g.productId),
        ),
      );
    return { goal: null, note: { productName, reason: ending } };
  }
  return {
    goal: { product: presentProduct(product!), pinnedAt: g.pinnedAt.toISOString() },
    note: null,
  };
}

/** PUT goal: pins a product the student may buy now; one goal at a time, so it replaces the last one. */
export async function setGoal(db: Queryable, u: AuthUser, body: GoalBody): Promise<GoalState> {
  if (!isUuid(body.productId)) throw notFound(msg('msg.productNotFound'));
  const product = await onSale(db, u, body.productId);
  if (!product) throw notFound(msg('msg.productNotFound'));
  if (soldOut(product)) throw badRequest(msg('msg.outOfStock', { name: product.name }));
  const pinnedAt = new Date();
  await db
    .insert(savingGoals)
    .values({ schoolId: u.schoolId, studentId: u.id, productId: product.id, pinnedAt })
    .onConflictDoUpdate({
      target: [savingGoals.schoolId, savingGoals.studentId],
      set: { productId: product.id, pinnedAt, ended: null, endedAt: null },
    });
  return {
    goal: { product: presentProduct(product), pinnedAt: pinnedAt.toISOString() },
    note: null,
  };
}

/** DELETE goal: unpins the goal, or dismisses the note of one the server unpinned. */
export async function clearGoal(db: Queryable, u: AuthUser): Promise<GoalState> {
  await db
    .delete(savingGoals)
    .where(and(eq(savingGoals.schoolId, u.schoolId), eq(savingGoals.studentId, u.id)));
  return NONE;
}
