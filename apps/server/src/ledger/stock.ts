import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.js';
import { orderItems } from '../db/schema.js';
import { isUuid } from '../lib/ids.js';
import { pgArray } from '../lib/pg-array.js';

/**
 * Changes the stock of limited products (unlimited ones, stock null, are left alone) in one
 * statement that first locks the rows in id order (so purchases and returns over the same
 * products never deadlock). `guarded`: a product is changed only if its stock stays ≥ 0. Returns
 * the ids changed.
 */
export async function adjustStock(
  tx: Queryable,
  schoolId: string,
  changes: readonly { id: string; delta: number }[],
  guarded: boolean,
): Promise<string[]> {
  if (!changes.length) return [];
  const sorted = [...changes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = pgArray(
    sorted.map((c) => c.id),
    'uuid',
  );
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with want as (select * from unnest(${ids}, ${pgArray(
        sorted.map((c) => c.delta),
        'int',
      )}) as t(id, d)),
      locked as (select p.id from products p where p.school_id = ${schoolId} and p.id = any(${ids}) and p.stock is not null order by p.id for update)
      update products p set stock = p.stock + w.d, updated_at = now()
      from want w
      where p.school_id = ${schoolId} and p.id = w.id and p.id in (select id from locked) and p.stock is not null
        ${guarded ? sql`and p.stock + w.d >= 0` : sql``}
      returning p.id`),
  );
  return rows.map((r) => String(r.id));
}

/** Puts back the stock of the orders' items (canceled or refunded orders). */
export async function returnStock(
  tx: Queryable,
  schoolId: string,
  orderIds: readonly string[],
): Promise<void> {
  if (!orderIds.length) return;
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.schoolId, schoolId), inArray(orderItems.orderId, [...orderIds])));
  const back = new Map<string, number>();
  for (const i of items)
    if (isUuid(i.productId)) back.set(i.productId, (back.get(i.productId) ?? 0) + i.quantity);
  await adjustStock(
    tx,
    schoolId,
    [...back].map(([id, delta]) => ({ id, delta })),
    false,
  );
}
