import type { MessageKey, OrderAction, OrderStatus } from '@app/domain';
import type { Order } from '../../api';
import { useFormat } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { useOptionalUser } from '../../session';

/** An order's status in words ("Pending", "Pendiente"). */
export const STATUS_KEYS: Record<OrderStatus, MessageKey> = {
  PENDING: 'orders.statusPending',
  PACKAGED: 'orders.statusPackaged',
  REDEEMED: 'orders.statusRedeemed',
  CANCELED: 'orders.statusCanceled',
  REFUNDED: 'orders.statusRefunded',
};

/** A button's word for each action staff take on an order. */
export const ACTION_KEYS: Record<OrderAction, MessageKey> = {
  PACKAGE: 'orders.actionPackage',
  REDEEM: 'orders.actionRedeem',
  CANCEL: 'orders.actionCancel',
  REFUND: 'orders.actionRefund',
};

/** "6" → "6th Grade" / "6.º grado"; Kindergarten and Prekindergarten by name; any other as it is. */
export function gradeName(t: Translate, grade: string): string {
  const n = Number.parseInt(grade, 10);
  if (!Number.isNaN(n)) return t('orders.gradeOrdinal', { grade: n });
  const named = grade.trim().toLowerCase();
  if (named === 'kindergarten') return t('orders.gradeKindergarten');
  if (named === 'prekindergarten') return t('orders.gradePrekindergarten');
  return grade;
}

/** When an order was placed, in the school's time zone: "Nov 25, 2026, 9:41 AM". */
export function usePlacedOn(): (o: Pick<Order, 'createdAt'>) => string {
  const f = useFormat();
  const timeZone = useOptionalUser()?.school.timeZone;
  return (o) => f.dateTime(o.createdAt, timeZone);
}
