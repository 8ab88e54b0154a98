import { and, eq, inArray } from 'drizzle-orm';
import { MAX_LINE_QUANTITY, msg, type Cart, type CartBody, type CartLine } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { carts, products } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { onSaleToStudent, teachersOfStudent } from '../../access/products.js';
import { presentProduct, productsWhere, type ProductWithTeacher } from '../products/service.js';

/** The products of `ids` the student may see now (shown, of the school store or their teachers' stores). */
async function visibleProducts(
  db: Queryable,
  u: AuthUser,
  ids: readonly string[],
): Promise<Map<string, ProductWithTeacher>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Map();
  const teachers = await teachersOfStudent(db, u.schoolId, u.id);
  const rows = await productsWhere(
    db,
    u.schoolId,
    and(inArray(products.id, valid), onSaleToStudent(teachers)),
  );
  return new Map(rows.map((p) => [p.id, p]));
}

/** The cart with each product as it is now; products deleted, hidden or out of reach since drop out. */
async function present(db: Queryable, u: AuthUser, items: readonly CartLine[]): Promise<Cart> {
  const found = await visibleProducts(
    db,
    u,
    items.map((i) => i.productId),
  );
  return {
    cartItems: items.flatMap((i) => {
      const p = found.get(i.productId);
      return p
        ? [{ productId: i.productId, quantity: i.quantity, product: presentProduct(p) }]
        : [];
    }),
  };
}

/** GET cart. */
export async function getCart(db: Queryable, u: AuthUser): Promise<Cart> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.schoolId, u.schoolId), eq(carts.studentId, u.id)));
  return present(db, u, row?.items ?? []);
}

/** POST cart: the whole cart (a product listed twice counts once, quantities added up to the most per line). */
export async function setCart(db: Queryable, u: AuthUser, body: CartBody): Promise<Cart> {
  const merged = new Map<string, number>();
  for (const i of body.cartItems)
    merged.set(
      i.productId,
      Math.min(MAX_LINE_QUANTITY, (merged.get(i.productId) ?? 0) + i.quantity),
    );
  const items = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
  const found = await visibleProducts(
    db,
    u,
    items.map((i) => i.productId),
  );
  if (items.some((i) => !found.has(i.productId))) throw notFound(msg('msg.productNotFound'));
  await db
    .insert(carts)
    .values({ schoolId: u.schoolId, studentId: u.id, items, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [carts.schoolId, carts.studentId],
      set: { items, updatedAt: new Date() },
    });
  return {
    cartItems: items.map((i) => ({ ...i, product: presentProduct(found.get(i.productId)!) })),
  };
}

/** DELETE cart. */
export async function clearCart(db: Queryable, u: AuthUser): Promise<Cart> {
  await db.delete(carts).where(and(eq(carts.schoolId, u.schoolId), eq(carts.studentId, u.id)));
  return { cartItems: [] };
}
