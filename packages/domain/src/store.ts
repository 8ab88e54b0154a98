import { MAX_ITEM_NAME_LENGTH } from './constants.js';
import { calendarDay, msg, type Message } from './message.js';
import type { IsoDate } from './school-days.js';

/** A store's open state (settings): closed until `reopenDate`, or until opened again when it has none. */
export interface StoreState {
  isOpen: boolean;
  reopenDate: IsoDate | null;
}

/** Open when set open, or when the reopening date has come (in the school's time zone). */
export const storeIsOpen = (s: StoreState, today: IsoDate): boolean =>
  s.isOpen || (s.reopenDate !== null && today >= s.reopenDate);

/** The message for an order while the store is closed, or null when it is open. */
export function storeClosedRefusal(s: StoreState, today: IsoDate): Message | null {
  if (storeIsOpen(s, today)) return null;
  return s.reopenDate
    ? msg('msg.storeClosed', { date: calendarDay(s.reopenDate) })
    : msg('msg.storeClosedNoDate');
}

/** Product names compare without case and outer spaces: 'Pencil ' and 'pencil' are one name. */
export const productNameKey = (name: string): string => name.trim().toLowerCase();

/**
 * Why a product name cannot be used in its store (null when it can): at most 32 characters, and
 * unique among the store's other products (`others`, the product itself left out).
 */
export function productNameRefusal(name: string, others: readonly string[]): Message | null {
  if (name.trim().length > MAX_ITEM_NAME_LENGTH) return msg('msg.nameTooLong');
  const key = productNameKey(name);
  return others.some((o) => productNameKey(o) === key) ? msg('msg.duplicateItemName') : null;
}
