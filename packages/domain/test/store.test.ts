import { describe, expect, it } from 'vitest';
import {
  MSG,
  cartBody,
  deliveryDateBody,
  orderActionBody,
  placeOrderBody,
  productBody,
  productNameRefusal as productNameRefusalOf,
  storeClosedRefusal as storeClosedRefusalOf,
  storeIsOpen,
  storeManagerBody,
  englishOf,
  type Message,
} from '../src/index.js';

/** The refusals read as their English text. */
const textOf = (m: Message | null) => m && englishOf(m);
const productNameRefusal = (...a: Parameters<typeof productNameRefusalOf>) =>
  textOf(productNameRefusalOf(...a));
const storeClosedRefusal = (...a: Parameters<typeof storeClosedRefusalOf>) =>
  textOf(storeClosedRefusalOf(...a));

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('product names', () => {
  it.each([
    ['Pencil', [], null],
    ['x'.repeat(32), [], null],
    ['x'.repeat(33), [], MSG.nameTooLong],
    ['Pencil', ['Pen', 'pencil'], MSG.duplicateItemName],
    [' PENCIL ', ['pencil'], MSG.duplicateItemName],
    ['Pencil', ['Pencils'], null],
  ] as [string, string[], string | null][])('%j among %j → %s', (name, others, message) => {
    expect(productNameRefusal(name, others)).toBe(message);
  });
});

describe('productBody', () => {
  const ok = { name: 'Pencil', category: 'Items', price: 10 };
  it.each([
    [ok, null],
    [
      { ...ok, stock: null, limitPerStudent: null, description: 'HB', image: null, active: false },
      null,
    ],
    [{ ...ok, stock: 0, limitPerStudent: 1 }, null],
    [{ ...ok, name: 'x'.repeat(33) }, MSG.nameTooLong],
    [{ ...ok, name: '  ' }, 'name is required'],
    [{ category: 'Items', price: 1 }, 'name is required'],
    [{ ...ok, category: 'Food' }, 'category must be one of Items, Privileges, Events'],
    [{ name: 'a', price: 1 }, 'category must be one of Items, Privileges, Events'],
    [{ name: 'a', category: 'Events' }, 'price must be a whole number from 0 to 1000000'],
    [{ ...ok, price: -1 }, 'price must be a whole number from 0 to 1000000'],
    [{ ...ok, price: 1.5 }, 'price must be a whole number from 0 to 1000000'],
    [{ ...ok, price: '10' }, 'price must be a whole number from 0 to 1000000'],
    [{ ...ok, stock: -1 }, 'stock must be a whole number from 0 to 1000000'],
    [{ ...ok, stock: 'lots' }, 'stock must be a whole number from 0 to 1000000'],
    [{ ...ok, limitPerStudent: 0 }, 'limitPerStudent must be a whole number from 1 to 1000'],
    [{ ...ok, active: 'yes' }, 'active must be true or false'],
    [{ _id: 'abc', active: false }, null], // an update changes only what it sends
    [{ _id: 'abc', name: 'x'.repeat(40) }, MSG.nameTooLong],
  ])('%j → %s', (body, message) => {
    expect(firstMessage(productBody.safeParse(body))).toBe(message);
  });

  it('trims the name', () => {
    expect(productBody.parse({ ...ok, name: '  Pencil  ' }).name).toBe('Pencil');
  });
});

describe('order and cart bodies', () => {
  it.each([
    [placeOrderBody, { orderItems: [{ productId: 'p', quantity: 1 }] }, null],
    [placeOrderBody, { orderItems: [] }, 'orderItems must have at least 1 item'],
    [placeOrderBody, { orderItems: [{ productId: 'p', quantity: 11 }] }, MSG.orderItemsLimit],
    [
      placeOrderBody,
      { orderItems: [{ productId: 'p', quantity: 0 }] },
      'orderItems quantity must be a whole number from 1 to 10',
    ],
    [
      placeOrderBody,
      { orderItems: [{ productId: '', quantity: 1 }] },
      'orderItems productId is required',
    ],
    [
      cartBody,
      { cartItems: [{ productId: 'p', quantity: 11 }] },
      'cartItems quantity must be a whole number from 1 to 10',
    ],
    [
      placeOrderBody,
      { orderItems: [{ productId: 'p', quantity: 1 }], studentId: 5 },
      MSG.selectStudent,
    ],
    [cartBody, { cartItems: [] }, null],
    [cartBody, { cartItems: 'x' }, 'cartItems must be a list'],
    [orderActionBody, { action: 'CANCEL' }, null],
    [
      orderActionBody,
      { action: 'cancel' },
      'action must be one of CANCEL, PACKAGE, REDEEM, REFUND',
    ],
    [
      orderActionBody,
      { action: 'PACKAGE', deliveryLocation: 'x'.repeat(101) },
      'deliveryLocation must be at most 100 characters',
    ],
    [storeManagerBody, { status: 'PACKAGED', users: [] }, MSG.selectStudent],
    [
      storeManagerBody,
      { status: 'SHIPPED', users: ['a'] },
      'status must be one of PENDING, PACKAGED, REDEEMED, REFUNDED, CANCELED',
    ],
    [
      storeManagerBody,
      { status: 'PACKAGED', users: ['a'], estimatedDelivery: '2026-02-30' },
      'estimatedDelivery must be a date (YYYY-MM-DD)',
    ],
    [deliveryDateBody, { date: '2026-03-10', cutOffDate: '2026-03-10' }, null],
    [
      deliveryDateBody,
      { date: '2026-03-10', cutOffDate: '2026-03-11' },
      'cutOffDate must be on or before date',
    ],
    [
      deliveryDateBody,
      { date: 'soon', cutOffDate: '2026-03-11' },
      'date must be a date (YYYY-MM-DD)',
    ],
  ] as const)('%#: %j → %s', (schema, body, message) => {
    expect(firstMessage((schema as typeof cartBody).safeParse(body))).toBe(message);
  });
});

describe('store open state', () => {
  it('closed until reopened, or until the reopening date', () => {
    expect(storeIsOpen({ isOpen: true, reopenDate: null }, '2026-03-01')).toBe(true);
    expect(storeIsOpen({ isOpen: false, reopenDate: null }, '2026-03-01')).toBe(false);
    expect(storeIsOpen({ isOpen: false, reopenDate: '2026-03-02' }, '2026-03-01')).toBe(false);
    expect(storeIsOpen({ isOpen: false, reopenDate: '2026-03-02' }, '2026-03-02')).toBe(true);
    expect(storeClosedRefusal({ isOpen: false, reopenDate: '2026-03-02' }, '2026-03-01')).toBe(
      'The store is closed. It will reopen on March 2, 2026.',
    );
  });
});
