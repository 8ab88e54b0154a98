import { MAX_LINE_QUANTITY, MAX_ORDER_ITEMS } from '@app/domain';
import type { Cart, CartLine, Product } from '../api';

/** A cart line as the screens use it: the product as it is now and how many. */
export type CartEntry = Cart['cartItems'][number];

/** Which order a product ends up in: one order per store (the school's, each teacher's). */
export const storeKeyOf = (p: Pick<Product, 'store' | 'teacher'>): string => (p.store === 'School' ? 'School' : `Teacher:${p.teacher?._id ?? ''}`);

export const cartTotal = (entries: readonly CartEntry[]): number => entries.reduce((n, e) => n + e.product.price * e.quantity, 0);
export const cartCount = (entries: readonly CartEntry[]): number => entries.reduce((n, e) => n + e.quantity, 0);

/** How many of `productId` the cart holds. */
export const quantityOf = (entries: readonly CartEntry[], productId: string): number =>
  entries.find((e) => e.productId === productId)?.quantity ?? 0;

/** The cart's lines as POST cart takes them, with `productId` set to `quantity` (0 removes it). */
export function withQuantity(entries: readonly CartEntry[], productId: string, quantity: number): CartLine[] {
  const lines = entries.map((e) => ({ productId: e.productId, quantity: e.quantity }));
  const at = lines.findIndex((l) => l.productId === productId);
  if (quantity <= 0) return lines.filter((l) => l.productId !== productId);
  if (at === -1) return [...lines, { productId, quantity }];
  lines[at] = { productId, quantity };
  return lines;
}

/** The cached cart after the same change (for an optimistic update), the product known from the store. */
export function cartWithQuantity(entries: readonly CartEntry[], product: Product, quantity: number): CartEntry[] {
  if (quantity <= 0) return entries.filter((e) => e.productId !== product._id);
  const at = entries.findIndex((e) => e.productId === product._id);
  if (at === -1) return [...entries, { productId: product._id, quantity, product }];
  return entries.map((e, i) => (i === at ? { ...e, quantity } : e));
}

/** The most of a product one cart may hold: the stock left, the per-student limit, and 10 a line. */
export function maxQuantity(p: Pick<Product, 'stock' | 'limitPerStudent'>): number {
  return Math.min(MAX_LINE_QUANTITY, p.stock ?? Infinity, p.limitPerStudent ?? Infinity);
}

/**
 * Why one more of `product` cannot go in the cart (null when it can), with what the student sees:
 * sold out, all of the stock or the limit in the cart already, a full order for that store, or
 * not enough points left once the cart is paid for.
 */
export function addRefusal(entries: readonly CartEntry[], product: Product, balance: number): string | null {
  if (product.stock !== null && product.stock <= 0) return 'Out of stock';
  const inCart = quantityOf(entries, product._id);
  if (product.stock !== null && inCart >= product.stock) return `Only ${product.stock} left`;
  if (product.limitPerStudent !== null && inCart >= product.limitPerStudent) return `Limit ${product.limitPerStudent} per student`;
  if (inCart >= MAX_LINE_QUANTITY) return `At most ${MAX_LINE_QUANTITY} at a time`;
  const key = storeKeyOf(product);
  const sameStore = entries.filter((e) => storeKeyOf(e.product) === key).reduce((n, e) => n + e.quantity, 0);
  if (sameStore >= MAX_ORDER_ITEMS) return `At most ${MAX_ORDER_ITEMS} items from one store per order`;
  const left = balance - cartTotal(entries);
  if (product.price > left) return `You need ${product.price - Math.max(0, left)} more points`;
  return null;
}

/** Why the cart cannot be bought as it is (null when it can): empty, over 10 items for a store, or not enough points. */
export function checkoutRefusal(entries: readonly CartEntry[], balance: number): string | null {
  if (!entries.length) return 'Your cart is empty.';
  const perStore = new Map<string, number>();
  for (const e of entries) perStore.set(storeKeyOf(e.product), (perStore.get(storeKeyOf(e.product)) ?? 0) + e.quantity);
  if ([...perStore.values()].some((n) => n > MAX_ORDER_ITEMS)) return `At most ${MAX_ORDER_ITEMS} items from one store per order.`;
  const total = cartTotal(entries);
  if (balance < 0) return 'Your balance is negative, so you cannot buy right now.';
  if (total > balance) return `You need ${total - balance} more points for this cart.`;
  return null;
}
