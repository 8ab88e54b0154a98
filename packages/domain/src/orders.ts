import { MAX_ORDER_ITEMS, type OrderAction, type OrderStatus } from './constants.js';
import { cutOffPassed } from './delivery.js';
import { MSG } from './messages.js';
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

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** Moves that give the points and the stock back. */
export const returnsPoints = (to: OrderStatus): boolean => to === 'CANCELED' || to === 'REFUNDED';

/** Why a move is refused, in the words a store manager or student needs (null when allowed). */
export function moveRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (canMove(from, to)) return null;
  if (from === 'CANCELED') return MSG.orderCanceled;
  if (from === 'REFUNDED') return MSG.orderRefunded;
  if (to === 'CANCELED') return MSG.cancelRedeemed; // from REDEEMED
  if (to === 'REFUNDED') return MSG.refundRedeemedOnly; // from PENDING or PACKAGED
  if (to === 'PACKAGED') return from === 'PACKAGED' ? MSG.orderPackaged : MSG.orderRedeemed;
  if (to === 'REDEEMED') return from === 'REDEEMED' ? MSG.orderRedeemed : MSG.packageBeforeRedeem;
  return `An order cannot go from ${from} to ${to}.`; // to PENDING
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
): string | null {
  if (actor === 'student' && action !== 'CANCEL') return MSG.forbidden;
  const refusal = moveRefusal(order.status, ACTION_STATUS[action]);
  if (refusal) return refusal;
  if (actor === 'student' && order.cutOffDate && cutOffPassed(order.cutOffDate, today)) return MSG.cancelPassed;
  return null;
}

/** Whether the order's student may still cancel it (for the My Orders screen). */
export const studentMayCancel = (order: { status: OrderStatus; cutOffDate: IsoDate | null }, today: IsoDate): boolean =>
  orderActionRefusal(order, 'CANCEL', 'student', today) === null;

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

export const orderTotal = (lines: readonly Pick<OrderLine, 'product' | 'quantity'>[]): number =>
  lines.reduce((n, l) => n + l.product.price * l.quantity, 0);

/**
 * Why an order cannot be placed (null when it can), checked in this order: store closed, school
 * year ended, more than 10 items in one store's order, each line (hidden, out of stock, more than
 * the stock, over the per-student limit), a negative balance, and not enough points.
 */
export function orderRefusal(o: OrderCheck): string | null {
  const closed = storeClosedRefusal(o.store, o.today);
  if (closed) return closed;
  if (o.today > o.yearEnd) return MSG.schoolYearEnded;
  const perStore = new Map<string, number>();
  for (const l of o.lines) perStore.set(l.storeKey, (perStore.get(l.storeKey) ?? 0) + l.quantity);
  if ([...perStore.values()].some((n) => n > MAX_ORDER_ITEMS)) return MSG.orderItemsLimit;
  for (const { product: p, quantity, alreadyBought } of o.lines) {
    if (!p.active) return MSG.productUnavailable(p.name);
    if (p.stock !== null && p.stock <= 0) return MSG.outOfStock(p.name);
    if (p.stock !== null && quantity > p.stock) return MSG.requestedQuantity(p.name, p.stock);
    if (p.limitPerStudent !== null && alreadyBought + quantity > p.limitPerStudent)
      return MSG.requestedOverLimit(p.name, p.limitPerStudent, Math.max(0, p.limitPerStudent - alreadyBought));
  }
  if (o.balance < 0) return MSG.balanceNegative;
  const total = orderTotal(o.lines);
  if (total > o.balance) return o.buyer === 'student' ? MSG.keepWorking(total - o.balance) : MSG.needMore(total - o.balance);
  return null;
}
