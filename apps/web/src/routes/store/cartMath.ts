import {
  itemsProblem,
  lineProblem,
  linesProblem,
  MAX_LINE_QUANTITY,
  MAX_ORDER_ITEMS,
  orderProblemMessage,
  orderStoreKey,
  orderTotal,
  pointsProblem,
  type OrderLine,
  type OrderProblem,
} from '@app/domain';
import type { Cart, CartLine, Product } from '../../api';

/** A cart line as the screens use it: the product as it is now and how many. */
export type CartEntry = Cart['cartItems'][number];

/** Which order a product ends up in: one order per store (the school's, each teacher's). */
const storeKeyOf = (p: Pick<Product, 'store' | 'teacher'>): string =>
  orderStoreKey(p.store, p.teacher?._id);

export const cartTotal = (entries: readonly CartEntry[]): number => orderTotal(entries);
export const cartCount = (entries: readonly CartEntry[]): number =>
  entries.reduce((n, e) => n + e.quantity, 0);

/** How many of `productId` the cart holds. */
export const quantityOf = (entries: readonly CartEntry[], productId: string): number =>
  entries.find((e) => e.productId === productId)?.quantity ?? 0;

/** The cart's lines as POST cart takes them, with `productId` set to `quantity` (0 removes it). */
export function withQuantity(
  entries: readonly CartEntry[],
  productId: string,
  quantity: number,
): CartLine[] {
  const lines = entries.map((e) => ({ productId: e.productId, quantity: e.quantity }));
  const at = lines.findIndex((l) => l.productId === productId);
  if (quantity <= 0) return lines.filter((l) => l.productId !== productId);
  if (at === -1) return [...lines, { productId, quantity }];
  lines[at] = { productId, quantity };
  return lines;
}

/** The cached cart after the same change (for an optimistic update), the product known from the store. */
export function cartWithQuantity(
  entries: readonly CartEntry[],
  product: Product,
  quantity: number,
): CartEntry[] {
  if (quantity <= 0) return entries.filter((e) => e.productId !== product._id);
  const at = entries.findIndex((e) => e.productId === product._id);
  if (at === -1) return [...entries, { productId: product._id, quantity, product }];
  return entries.map((e, i) => (i === at ? { ...e, quantity } : e));
}

/** The most of a product one cart may hold: the stock left, the per-student limit, and 10 a line. */
export function maxQuantity(p: Pick<Product, 'stock' | 'limitPerStudent'>): number {
  return Math.min(MAX_LINE_QUANTITY, p.stock ?? Infinity, p.limitPerStudent ?? Infinity);
}

/** A cart entry as an order line: the domain's order rules check the cart (what was bought before is the server's to count). */
const lineOf = (product: Product, quantity: number): OrderLine => ({
  product,
  quantity,
  storeKey: storeKeyOf(product),
  alreadyBought: 0,
});

/** A problem in the cart's short words, beside the product (see `checkoutRefusal` for the cart's footer). */
function addWords(p: OrderProblem): string {
  switch (p.kind) {
    case 'outOfStock':
      return 'Out of stock';
    case 'overStock':
      return `Only ${p.stock} left`;
    case 'overLimit':
      return `Limit ${p.limit} per student`;
    case 'itemsLimit':
      return `At most ${MAX_ORDER_ITEMS} items from one store per order`;
    case 'balanceNegative':
      return 'Your balance is negative';
    case 'short':
      return `You need ${p.need} more points`;
    case 'unavailable':
      return orderProblemMessage(p, 'student');
  }
}

/**
 * Why one more of `product` cannot go in the cart (null when it can), with what the student sees:
 * the domain's order rules for its line (sold out, all of the stock or the limit in the cart
 * already), 10 a line, then for the cart with it (a full order for that store, not enough points).
 */
export function addRefusal(
  entries: readonly CartEntry[],
  product: Product,
  balance: number,
): string | null {
  const inCart = quantityOf(entries, product._id);
  const line = lineProblem(lineOf(product, inCart + 1));
  if (line) return addWords(line);
  if (inCart >= MAX_LINE_QUANTITY) return `At most ${MAX_LINE_QUANTITY} at a time`;
  const after = [...entries.map((e) => lineOf(e.product, e.quantity)), lineOf(product, 1)];
  const problem = itemsProblem(after) ?? pointsProblem(cartTotal(entries) + product.price, balance);
  return problem && addWords(problem);
}

/**
 * Why the cart cannot be bought as it is (null when it can): empty, or the domain's order rules
 * (over 10 items for a store, a line the store cannot sell, not enough points), in the cart's words.
 */
export function checkoutRefusal(entries: readonly CartEntry[], balance: number): string | null {
  if (!entries.length) return 'Your cart is empty.';
  const problem = linesProblem(
    entries.map((e) => lineOf(e.product, e.quantity)),
    balance,
  );
  if (!problem) return null;
  if (problem.kind === 'itemsLimit')
    return `At most ${MAX_ORDER_ITEMS} items from one store per order.`;
  if (problem.kind === 'balanceNegative')
    return 'Your balance is negative, so you cannot buy right now.';
  if (problem.kind === 'short') return `You need ${problem.need} more points for this cart.`;
  return orderProblemMessage(problem, 'student');
}
