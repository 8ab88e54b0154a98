import { describe, expect, it } from 'vitest';
import {
  CURRENCY_NAME,
  MSG,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  canMove,
  moveRefusal,
  orderActionRefusal as orderActionRefusalOf,
  orderRefusal as orderRefusalOf,
  orderTotal,
  returnsPoints,
  studentMayCancel,
  type OrderAction,
  type OrderCheck,
  type OrderLine,
  type OrderStatus,
  englishOf,
  type Message,
} from '../src/index.js';

/** The refusals read as their English text. */
const textOf = (m: Message | null) => m && englishOf(m);
const orderActionRefusal = (...a: Parameters<typeof orderActionRefusalOf>) =>
  textOf(orderActionRefusalOf(...a));
const orderRefusal = (...a: Parameters<typeof orderRefusalOf>) => textOf(orderRefusalOf(...a));

describe('order status transitions (docs/spec.md section 10.3)', () => {
  /** Every (from, to) pair: only the design's moves are allowed. */
  const ALLOWED = new Set([
    'PENDING>PACKAGED',
    'PENDING>CANCELED',
    'PACKAGED>REDEEMED',
    'PACKAGED>CANCELED',
    'REDEEMED>REFUNDED',
  ]);
  const pairs = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
  );

  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.has(`${from}>${to}`);
    expect(canMove(from, to)).toBe(allowed);
    expect(moveRefusal(from, to) === null).toBe(allowed);
  });

  it.each([
    ['CANCELED', 'CANCEL', MSG.orderCanceled],
    ['CANCELED', 'PACKAGE', MSG.orderCanceled],
    ['CANCELED', 'REDEEM', MSG.orderCanceled],
    ['CANCELED', 'REFUND', MSG.orderCanceled],
    ['REFUNDED', 'REFUND', MSG.orderRefunded],
    ['REFUNDED', 'CANCEL', MSG.orderRefunded],
    ['REDEEMED', 'CANCEL', MSG.cancelRedeemed],
    ['REDEEMED', 'REDEEM', MSG.orderRedeemed],
    ['REDEEMED', 'PACKAGE', MSG.orderRedeemed],
    ['PACKAGED', 'PACKAGE', MSG.orderPackaged],
    ['PENDING', 'REDEEM', MSG.packageBeforeRedeem],
    ['PENDING', 'REFUND', MSG.refundRedeemedOnly],
    ['PACKAGED', 'REFUND', MSG.refundRedeemedOnly],
  ] as [OrderStatus, OrderAction, string][])(
    'staff: %s then %s → "%s"',
    (status, action, message) => {
      expect(orderActionRefusal({ status, cutOffDate: null }, action, 'staff', '2026-03-01')).toBe(
        message,
      );
    },
  );

  it('staff cancel before redemption at any time, past the cut-off too', () => {
    expect(
      orderActionRefusal(
        { status: 'PACKAGED', cutOffDate: '2026-01-01' },
        'CANCEL',
        'staff',
        '2026-03-01',
      ),
    ).toBeNull();
  });

  it('a student only cancels, until the end of the cut-off day', () => {
    const order = { status: 'PENDING' as const, cutOffDate: '2026-03-02' };
    expect(orderActionRefusal(order, 'CANCEL', 'student', '2026-03-02')).toBeNull();
    expect(orderActionRefusal(order, 'CANCEL', 'student', '2026-03-03')).toBe(MSG.cancelPassed);
    expect(
      orderActionRefusal({ ...order, status: 'PACKAGED' }, 'CANCEL', 'student', '2026-03-01'),
    ).toBeNull();
    expect(
      orderActionRefusal({ ...order, status: 'CANCELED' }, 'CANCEL', 'student', '2026-03-01'),
    ).toBe(MSG.orderCanceled);
    for (const a of ORDER_ACTIONS.filter((x) => x !== 'CANCEL'))
      expect(orderActionRefusal(order, a, 'student', '2026-03-01')).toBe(MSG.forbidden);
    expect(studentMayCancel({ status: 'PENDING', cutOffDate: null }, '2030-01-01')).toBe(true);
    expect(studentMayCancel({ status: 'REDEEMED', cutOffDate: null }, '2026-01-01')).toBe(false);
  });

  it('canceling and refunding give the points back', () => {
    expect(ORDER_STATUSES.filter(returnsPoints)).toEqual(['REFUNDED', 'CANCELED']);
  });
});

const product = (over: Partial<OrderLine['product']> = {}): OrderLine['product'] => ({
  name: 'Pencil',
  price: 10,
  stock: 5,
  limitPerStudent: null,
  active: true,
  ...over,
});
const line = (over: Partial<OrderLine> = {}, p: Partial<OrderLine['product']> = {}): OrderLine => ({
  product: product(p),
  quantity: 1,
  storeKey: 'School',
  alreadyBought: 0,
  ...over,
});
const check = (over: Partial<OrderCheck> = {}): OrderCheck => ({
  buyer: 'student',
  today: '2026-03-02',
  store: { isOpen: true, reopenDate: null },
  yearEnd: '2026-06-30',
  balance: 100,
  lines: [line()],
  ...over,
});

describe('orderRefusal: every rule with the spec message', () => {
  it('allows a plain order', () => {
    expect(orderRefusal(check())).toBeNull();
    expect(orderTotal([line({ quantity: 3 }), line({}, { price: 4 })])).toBe(34);
  });

  it.each([
    [
      'store closed with a reopening date',
      check({ store: { isOpen: false, reopenDate: '2026-03-09' } }),
      'The store is closed. It will reopen on March 9, 2026.',
    ],
    [
      'store closed without one',
      check({ store: { isOpen: false, reopenDate: null } }),
      MSG.storeClosedNoDate,
    ],
    ['school year ended', check({ today: '2026-07-01' }), MSG.schoolYearEnded],
    [
      '11 items in one store',
      check({
        lines: [
          line({ quantity: 6 }, { stock: null }),
          line({ quantity: 5 }, { name: 'Pen', stock: null }),
        ],
      }),
      MSG.orderItemsLimit,
    ],
    ['hidden product', check({ lines: [line({}, { active: false })] }), 'Pencil is not available'],
    ['out of stock', check({ lines: [line({}, { stock: 0 })] }), 'Pencil is out of stock'],
    [
      'more than the stock',
      check({ lines: [line({ quantity: 4 }, { stock: 3 })] }),
      'Requested quantity of Pencil is not available. Only 3 left.',
    ],
    [
      'over the per-student limit',
      check({ lines: [line({ quantity: 2, alreadyBought: 1 }, { limitPerStudent: 2 })] }),
      'Requested quantity of Pencil is over the limit of 2 per student. You may buy 1 more.',
    ],
    [
      'negative balance',
      check({ balance: -5, lines: [line({}, { price: 0 })] }),
      MSG.balanceNegative,
    ],
    [
      'not enough points (student)',
      check({ balance: 25, lines: [line({ quantity: 3 })] }),
      `Keep working! You need to earn 5 more ${CURRENCY_NAME}.`,
    ],
    [
      'not enough points (teacher for a student)',
      check({ buyer: 'teacher', balance: 25, lines: [line({ quantity: 3 })] }),
      `The student needs to earn 5 more ${CURRENCY_NAME} to make this purchase.`,
    ],
  ] as [string, OrderCheck, string][])('%s', (_, input, message) => {
    expect(orderRefusal(input)).toBe(message);
  });

  it('the store reopens by itself on its reopening date', () => {
    expect(
      orderRefusal(
        check({ today: '2026-03-09', store: { isOpen: false, reopenDate: '2026-03-09' } }),
      ),
    ).toBeNull();
  });

  it('10 items per store is the limit: 10 in one store and 10 in another pass', () => {
    const lines = [
      line({ quantity: 10 }, { stock: null, price: 1 }),
      line({ quantity: 10, storeKey: 'Teacher:t1' }, { stock: null, price: 1 }),
    ];
    expect(orderRefusal(check({ lines }))).toBeNull();
  });

  it('exactly the stock, the limit and the balance pass; a free item with balance 0 too', () => {
    expect(
      orderRefusal(
        check({
          balance: 30,
          lines: [line({ quantity: 3, alreadyBought: 1 }, { stock: 3, limitPerStudent: 4 })],
        }),
      ),
    ).toBeNull();
    expect(orderRefusal(check({ balance: 0, lines: [line({}, { price: 0 })] }))).toBeNull();
  });

  it('checks in order: closed before the year, the year before the items, the items before the balance', () => {
    const all = check({
      store: { isOpen: false, reopenDate: null },
      today: '2026-07-01',
      balance: -1,
      lines: [line({}, { stock: 0 })],
    });
    expect(orderRefusal(all)).toBe(MSG.storeClosedNoDate);
    expect(orderRefusal({ ...all, store: { isOpen: true, reopenDate: null } })).toBe(
      MSG.schoolYearEnded,
    );
    expect(
      orderRefusal({ ...all, store: { isOpen: true, reopenDate: null }, today: '2026-03-01' }),
    ).toBe('Pencil is out of stock');
  });
});
