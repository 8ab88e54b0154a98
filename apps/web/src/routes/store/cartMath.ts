import {
  itemsProblem,
  lineProblem,
  linesProblem,
  MAX_LINE_QUANTITY,
  MAX_ORDER_ITEMS,
  orderStoreKey,
  orderTotal,
  pointsProblem,
  type OrderLine,
  type OrderProblem,
} from '@app/domain';
import type { Cart, CartLine, Product } from '../../api';
import type { Words } from './words';

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

/** An order problem in the domain's order words (the server's messages, as the order would say). */
function orderWords(p: OrderProblem): Words {
  switch (p.kind) {
    case 'itemsLimit':
      return { key: 'msg.orderItemsLimit' };
    case 'unavailable':
      return { key: 'msg.productUnavailable', values: { name: p.name } };
    case 'outOfStock':
      return { key: 'msg.outOfStock', values: { name: p.name } };
    case 'overStock':
      return { key: 'msg.requestedQuantity', values: { name: p.name, available: p.stock } };
    case 'overLimit':
      return {
        key: 'msg.requestedOverLimit',
        values: { name: p.name, limit: p.limit, left: p.left },
      };
    case 'balanceNegative':
      return { key: 'msg.balanceNegative' };
    case 'short':
      return { key: 'msg.keepWorking', values: { need: p.need } };
  }
}

/** A problem in the cart's short words, beside the product (see `checkoutRefusal` for the cart's footer). */
function addWords(p: OrderProblem): Words {
  switch (p.kind) {
    case 'outOfStock':
      return { key: 'store.refuseOutOfStock' };
    case 'overStock':
      return { key: 'store.refuseOnlyLeft', values: { stock: p.stock } };
    case 'overLimit':
      return { key: 'store.limitPerStudent', values: { limit: p.limit } };
    case 'itemsLimit':
      return { key: 'store.refuseItemsLimit', values: { max: MAX_ORDER_ITEMS } };
    case 'balanceNegative':
      return { key: 'store.refuseNegative' };
    case 'short':
      return { key: 'store.refuseShort', values: { need: p.need } };
    case 'unavailable':
      return orderWords(p);
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
): Words | null {
  const inCart = quantityOf(entries, product._id);
  const line = lineProblem(lineOf(product, inCart + 1));
  if (line) return addWords(line);
  if (inCart >= MAX_LINE_QUANTITY)
    return { key: 'store.refuseLineMax', values: { max: MAX_LINE_QUANTITY } };
  const after = [...entries.map((e) => lineOf(e.product, e.quantity)), lineOf(product, 1)];
  const problem = itemsProblem(after) ?? pointsProblem(cartTotal(entries) + product.price, balance);
  return problem && addWords(problem);
}

/**
 * Why the cart cannot be bought as it is (null when it can): empty, or the domain's order rules
 * (over 10 items for a store, a line the store cannot sell, not enough points), in the cart's words.
 */
export function checkoutRefusal(entries: readonly CartEntry[], balance: number): Words | null {
  if (!entries.length) return { key: 'store.refuseEmpty' };
  const problem = linesProblem(
    entries.map((e) => lineOf(e.product, e.quantity)),
    balance,
  );
  if (!problem) return null;
  if (problem.kind === 'itemsLimit')
    return { key: 'store.refuseItemsLimitCart', values: { max: MAX_ORDER_ITEMS } };
  if (problem.kind === 'balanceNegative') return { key: 'store.refuseNegativeCart' };
  if (problem.kind === 'short')
    return { key: 'store.refuseShortCart', values: { need: problem.need } };
  return orderWords(problem);
}
