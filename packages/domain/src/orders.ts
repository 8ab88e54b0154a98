import { MAX_ORDER_ITEMS, type OrderAction, type OrderStatus } from './constants.js';
import { cutOffPassed } from './delivery.js';
import { msg, type Message } from './message.js';
import type { IsoDate } from './school-days.js';
import { storeClosedRefusal, type StoreState } from './store.js';

/* ---- statuses (docs/spec.md section 10.3) ---- */

/** The status each action leads to. */
export const ACTION_STATUS: Record<OrderAction, OrderStatus> = {
  CANCEL: 'CANCELED',
  PACKAGE: 'PACKAGED',
  REDEEM: 'REDEEMED',
  REFUND: 'REFUNDED',
};

/** PENDING → PACKAGED → REDEEMED; PENDING or PACKAGED → CANCELED; REDEEMED → REFUNDED. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['PACKAGED', 'CANCELED'],
  PACKAGED: ['REDEEMED', 'CANCELED'],
  REDEEMED: ['REFUNDED'],
  REFUNDED: [],
  CANCELED: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** Moves that give the points and the stock back. */
export const returnsPoints = (to: OrderStatus): boolean => to === 'CANCELED' || to === 'REFUNDED';

/** Why a move is refused, in the words a store manager or student needs (null when allowed). */
export function moveRefusal(from: OrderStatus, to: OrderStatus): Message | null {
  if (canMove(from, to)) return null;
  if (from === 'CANCELED') return msg('msg.orderCanceled');
  if (from === 'REFUNDED') return msg('msg.orderRefunded');
  if (to === 'CANCELED') return msg('msg.cancelRedeemed'); // from REDEEMED
  if (to === 'REFUNDED') return msg('msg.refundRedeemedOnly'); // from PENDING or PACKAGED
  if (to === 'PACKAGED')
    return from === 'PACKAGED' ? msg('msg.orderPackaged') : msg('msg.orderRedeemed');
  if (to === 'REDEEMED')
    return from === 'REDEEMED' ? msg('msg.orderRedeemed') : msg('msg.packageBeforeRedeem');
  return msg('msg.orderCannotMove', { from, to }); // to PENDING
}

/** Who acts on an order: its student (who may only cancel, before the cut-off) or the store's staff. */
export type OrderActor = 'student' | 'staff';

/**
 * Why `actor` may not take `action` on an order (null when they may). A student cancels while
 * the delivery date's cut-off has not passed (an order without one until it is redeemed); staff
 * move it as the transitions allow, at any time.
 */
export function orderActionRefusal(
  order: { status: OrderStatus; cutOffDate: IsoDate | null },
  action: OrderAction,
  actor: OrderActor,
  today: IsoDate,
): Message | null {
  if (actor === 'student' && action !== 'CANCEL') return msg('msg.forbidden');
  const refusal = moveRefusal(order.status, ACTION_STATUS[action]);
  if (refusal) return refusal;
  if (actor === 'student' && order.cutOffDate && cutOffPassed(order.cutOffDate, today))
    return msg('msg.cancelPassed');
  return null;
}

/** Whether the order's student may still cancel it (for the My Orders screen). */
export const studentMayCancel = (
  order: { status: OrderStatus; cutOffDate: IsoDate | null },
  today: IsoDate,
): boolean => orderActionRefusal(order, 'CANCEL', 'student', today) === null;

/* ---- placing an order (docs/spec.md section 10.4) ---- */

/** A product as an order line needs it, read inside the order's transaction. */
export interface OrderProduct {
  name: string;
  price: number;
  /** null: unlimited. */
  stock: number | null;
  limitPerStudent: number | null;
  active: boolean;
}

export interface OrderLine {
  product: OrderProduct;
  quantity: number;
  /** Which order (one per store) the line belongs to. */
  storeKey: string;
  /** How many of the product the student holds in orders that are not canceled or refunded. */
  alreadyBought: number;
}

export interface OrderCheck {
  /** A student buying for themselves, or a teacher buying for a student of theirs. */
  buyer: 'student' | 'teacher';
  today: IsoDate;
  store: StoreState;
  /** The last day of the school year in force. */
  yearEnd: IsoDate;
  /** The student's balance, read with their wallet locked. */
  balance: number;
  lines: readonly OrderLine[];
}

/** Which order a product's line goes in: one order per store (the school's, each teacher's). */
export const orderStoreKey = (store: string, teacherId: string | null | undefined): string =>
  store === 'School' ? 'School' : `Teacher:${teacherId ?? ''}`;

/** What items cost: each price times its quantity. */
export const itemsTotal = (items: readonly { price: number; quantity: number }[]): number =>
  items.reduce((n, i) => n + i.price * i.quantity, 0);

export const orderTotal = (lines: readonly Pick<OrderLine, 'product' | 'quantity'>[]): number =>
  itemsTotal(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })));

/**
 * What stops lines from being bought, before it is worded for its reader: the server answers in
 * the spec's messages (`orderRefusal`), the cart in its own shorter words.
 */
export type OrderProblem =
  | { kind: 'itemsLimit' }
  | { kind: 'unavailable'; name: string }
  | { kind: 'outOfStock'; name: string }
  | { kind: 'overStock'; name: string; stock: number }
  | { kind: 'overLimit'; name: string; limit: number; left: number }
  | { kind: 'balanceNegative' }
  | { kind: 'short'; need: number };

/** More than 10 items in one store's order. */
export function itemsProblem(
  lines: readonly Pick<OrderLine, 'storeKey' | 'quantity'>[],
): OrderProblem | null {
  const perStore = new Map<string, number>();
  for (const l of lines) perStore.set(l.storeKey, (perStore.get(l.storeKey) ?? 0) + l.quantity);
  return [...perStore.values()].some((n) => n > MAX_ORDER_ITEMS) ? { kind: 'itemsLimit' } : null;
}

/** One line: a hidden product, out of stock, more than the stock, or over the per-student limit. */
export function lineProblem({
  product: p,
  quantity,
  alreadyBought,
}: Pick<OrderLine, 'product' | 'quantity' | 'alreadyBought'>): OrderProblem | null {
  if (!p.active) return { kind: 'unavailable', name: p.name };
  if (p.stock !== null && p.stock <= 0) return { kind: 'outOfStock', name: p.name };
  if (p.stock !== null && quantity > p.stock)
    return { kind: 'overStock', name: p.name, stock: p.stock };
  if (p.limitPerStudent !== null && alreadyBought + quantity > p.limitPerStudent)
    return {
      kind: 'overLimit',
      name: p.name,
      limit: p.limitPerStudent,
      left: Math.max(0, p.limitPerStudent - alreadyBought),
    };
  return null;
}

/** A negative balance, or fewer points than `total`. */
export function pointsProblem(total: number, balance: number): OrderProblem | null {
  if (balance < 0) return { kind: 'balanceNegative' };
  return total > balance ? { kind: 'short', need: total - balance } : null;
}

/** The lines' problem in the order a buyer needs to hear it: store items, each line, the points. */
export function linesProblem(lines: readonly OrderLine[], balance: number): OrderProblem | null {
  return (
    itemsProblem(lines) ??
    lines.reduce<OrderProblem | null>((found, l) => found ?? lineProblem(l), null) ??
    pointsProblem(orderTotal(lines), balance)
  );
}

/** The spec's message for a problem (a student is told to keep working, a teacher how many points the student needs). */
export function orderProblemMessage(p: OrderProblem, buyer: OrderCheck['buyer']): Message {
  switch (p.kind) {
    case 'itemsLimit':
      return msg('msg.orderItemsLimit');
    case 'unavailable':
      return msg('msg.productUnavailable', { name: p.name });
    case 'outOfStock':
      return msg('msg.outOfStock', { name: p.name });
    case 'overStock':
      return msg('msg.requestedQuantity', { name: p.name, available: p.stock });
    case 'overLimit':
      return msg('msg.requestedOverLimit', { name: p.name, limit: p.limit, left: p.left });
    case 'balanceNegative':
      return msg('msg.balanceNegative');
    case 'short':
      return msg(buyer === 'student' ? 'msg.keepWorking' : 'msg.needMore', { need: p.need });
  }
}

/**
 * Why an order cannot be placed (null when it can), checked in this order: store closed, school
 * year ended, more than 10 items in one store's order, each line (hidden, out of stock, more than
 * the stock, over the per-student limit), a negative balance, and not enough points.
 */
export function orderRefusal(o: OrderCheck): Message | null {
  const closed = storeClosedRefusal(o.store, o.today);
  if (closed) return closed;
  if (o.today > o.yearEnd) return msg('msg.schoolYearEnded');
  const problem = linesProblem(o.lines, o.balance);
  return problem && orderProblemMessage(problem, o.buyer);
}
