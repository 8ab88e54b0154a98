import { z } from 'zod';
import { MAX_CART_LINES, MAX_ORDER_ITEMS } from './constants.js';
import { badgeStudentResponse } from './badges.js';
import { instant } from './response-fields.js';
import { orderResponse } from './responses-store.js';

/*
 * The store counter and its cashier codes (issue 35, docs/decisions/139-badges-and-counter.md). A
 * store manager makes a cashier code for a volunteer: it signs in as the school's CASHIER with the
 * counter's calls only and ends at `expiresAt` (at most five hours) or when revoked. A cashier code
 * is 10 symbols of the sign-in card's alphabet, printed `XXXXX-XXXXX`; only its hash is kept.
 */

/** The longest a cashier code lasts, and the default. */
export const CASHIER_CODE_MAX_HOURS = 5;
/** Random symbols of a cashier code. */
export const CASHIER_CODE_SYMBOLS = 10;

/** A typed cashier code in its stored form (10 symbols, upper case), or null when it cannot be one. */
export function normalizeCashierCode(input: string): string | null {
  const code = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(code) ? code : null;
}

/** A cashier code as shown: two groups of five. */
export const formatCashierCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** POST cashier-codes: a label the store manager knows the volunteer by; hours from 1 to 5 (5 by default). */
export const cashierCodeBody = z.object({
  label: z
    .string({ error: 'label must be text' })
    .trim()
    .min(1, { error: 'label must not be empty' })
    .max(60, { error: 'label must be at most 60 characters' }),
  hours: z
    .number({ error: `hours must be a number from 1 to ${CASHIER_CODE_MAX_HOURS}` })
    .min(0.25, { error: `hours must be a number from 1 to ${CASHIER_CODE_MAX_HOURS}` })
    .max(CASHIER_CODE_MAX_HOURS, {
      error: `hours must be a number from 1 to ${CASHIER_CODE_MAX_HOURS}`,
    })
    .optional(),
});
export type CashierCodeBody = z.infer<typeof cashierCodeBody>;

/** A cashier code as listed: its code is answered once, when it is made. */
export const cashierCodeResponse = z.object({
  _id: z.string(),
  label: z.string(),
  expiresAt: instant(),
  createdAt: instant(),
  revoked: z.boolean(),
});
export type CashierCode = z.infer<typeof cashierCodeResponse>;
/** POST cashier-codes: the new code (shown this once) and when it ends. */
export const newCashierCodeResponse = z.object({
  _id: z.string(),
  code: z.string(),
  label: z.string(),
  expiresAt: instant(),
});
export type NewCashierCode = z.infer<typeof newCashierCodeResponse>;
export const cashierCodesResponse = z.array(cashierCodeResponse);
export const cashierCodeParams = z.object({
  id: z.uuid({ error: 'id must be a cashier code id' }),
});

/** POST auth/login/cashier. */
export const cashierLoginBody = z.object({
  code: z.string({ error: 'code must be text' }).max(40, { error: 'code is too long' }),
});

/* ---- the counter ---- */

/**
 * Where a counter sale was handed over: its order's `deliveryLocation`, which tells counter sales
 * from orders placed in the store (a counter sale is also placed by someone other than its student).
 */
export const COUNTER_LOCATION = 'Store counter';

const counterRange = `items quantity must be a whole number from 1 to ${MAX_ORDER_ITEMS}`;
/** POST counter/sales: a sale in a student's name, at the school store's prices. */
export const counterSaleBody = z.object({
  studentId: z.uuid({ error: 'studentId must be a student id' }),
  items: z
    .array(
      z.object({
        productId: z.uuid({ error: 'items productId must be a product id' }),
        quantity: z
          .number({ error: counterRange })
          .int({ error: counterRange })
          .min(1, { error: counterRange })
          .max(MAX_ORDER_ITEMS, { error: counterRange }),
      }),
      { error: 'items must be a list' },
    )
    .min(1, { error: 'items must have at least 1 item' })
    .max(MAX_CART_LINES, { error: `items holds at most ${MAX_CART_LINES} products` }),
});
export type CounterSaleBody = z.infer<typeof counterSaleBody>;

/** A sale: the order it made (already handed over) and the student's balance after it. */
export const counterSaleResponse = z.object({
  order: orderResponse,
  balance: z.number().int(),
});
export type CounterSale = z.infer<typeof counterSaleResponse>;

/** GET counter/students/by-badge/{code}: the student, their balance and their orders waiting to be handed over. */
export const counterStudentResponse = z.object({
  student: badgeStudentResponse,
  balance: z.number().int(),
  pendingOrders: z.array(orderResponse),
});
export type CounterStudent = z.infer<typeof counterStudentResponse>;

/** GET counter/products: the school store's products on sale now. */
export const counterProductResponse = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int(),
  /** Units left, or null where the product has no stock count. */
  stock: z.number().int().nullable(),
  image: z.string().nullable(),
  category: z.string(),
});
export type CounterProduct = z.infer<typeof counterProductResponse>;
export const counterProductsResponse = z.array(counterProductResponse);
export const counterOrderParams = z.object({ id: z.uuid({ error: 'id must be an order id' }) });
