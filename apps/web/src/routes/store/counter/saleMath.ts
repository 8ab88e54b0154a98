import type { CounterProduct, CounterSaleBody } from '@app/domain';

/** A sale being made: each product's quantity, in the order they were added. */
export type Lines = readonly { productId: string; quantity: number }[];

/** The lines with one product's quantity set (0 removes it). */
export function setQuantity(lines: Lines, productId: string, quantity: number): Lines {
  if (quantity <= 0) return lines.filter((l) => l.productId !== productId);
  return lines.some((l) => l.productId === productId)
    ? lines.map((l) => (l.productId === productId ? { productId, quantity } : l))
    : [...lines, { productId, quantity }];
}

export const quantityOf = (lines: Lines, productId: string): number =>
  lines.find((l) => l.productId === productId)?.quantity ?? 0;

/** Whether one more of the product may be added: not past its stock (null: no count). */
export const canAddOne = (lines: Lines, p: CounterProduct): boolean =>
  p.stock === null || quantityOf(lines, p._id) < p.stock;

/** The lines with their products (a line whose product is gone is left out) and the total. */
export function priced(lines: Lines, products: readonly CounterProduct[]) {
  const rows = lines.flatMap((l) => {
    const product = products.find((p) => p._id === l.productId);
    return product ? [{ product, quantity: l.quantity, amount: product.price * l.quantity }] : [];
  });
  return { rows, total: rows.reduce((sum, r) => sum + r.amount, 0) };
}

/** POST counter/sales's body. */
export const saleBody = (studentId: string, lines: Lines): CounterSaleBody => ({
  studentId,
  items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
});
