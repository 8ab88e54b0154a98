import { describe, expect, it } from 'vitest';
import { formatIcu, MSG } from '@app/domain';
import { en } from '@app/domain/i18n/en';
import type { Product } from '../../api';
import {
  addRefusal,
  cartTotal,
  cartWithQuantity,
  checkoutRefusal,
  maxQuantity,
  withQuantity,
  type CartEntry,
} from './cartMath';
import type { Words } from './words';

/** The words as an English screen shows them, in a school whose currency is Merits. */
const english = (w: Words | null): string | null =>
  w &&
  formatIcu('en', en[w.key], {
    currency: 'Merits',
    currencyOne: 'Merit',
    ...(w.values as Record<string, string | number>),
  });
const refusal = (...args: Parameters<typeof addRefusal>) => english(addRefusal(...args));
const atCheckout = (...args: Parameters<typeof checkoutRefusal>) =>
  english(checkoutRefusal(...args));

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'p1',
  name: 'Pencil',
  description: '',
  category: 'Items',
  price: 10,
  stock: null,
  limitPerStudent: null,
  image: null,
  active: true,
  store: 'School',
  teacher: null,
  ...over,
});
const entry = (p: Product, quantity: number): CartEntry => ({
  productId: p._id,
  quantity,
  product: p,
});
const orderRefusalFor = (p: Product) => MSG.requestedQuantity(p.name, p.stock!);

describe('cart lines', () => {
  it('sets, adds and removes a line as POST cart takes them', () => {
    const a = product();
    const b = product({ _id: 'p2', name: 'Eraser' });
    const cart = [entry(a, 1)];
    expect(withQuantity(cart, 'p1', 3)).toEqual([{ productId: 'p1', quantity: 3 }]);
    expect(withQuantity(cart, 'p2', 1)).toEqual([
      { productId: 'p1', quantity: 1 },
      { productId: 'p2', quantity: 1 },
    ]);
    expect(withQuantity(cart, 'p1', 0)).toEqual([]);
    expect(cartWithQuantity(cart, b, 2).map((e) => [e.productId, e.quantity])).toEqual([
      ['p1', 1],
      ['p2', 2],
    ]);
    expect(cartTotal(cartWithQuantity(cart, b, 2))).toBe(30);
  });

  it('caps a line at the stock, the per-student limit and 10', () => {
    expect(maxQuantity({ stock: null, limitPerStudent: null })).toBe(10);
    expect(maxQuantity({ stock: 3, limitPerStudent: null })).toBe(3);
    expect(maxQuantity({ stock: 8, limitPerStudent: 2 })).toBe(2);
  });
});

describe('what may go in the cart', () => {
  it('says why one more cannot be added', () => {
    expect(refusal([], product({ stock: 0 }), 100)).toBe('Out of stock');
    const two = product({ stock: 2 });
    expect(refusal([entry(two, 2)], two, 100)).toBe('Only 2 left');
    const limited = product({ limitPerStudent: 1 });
    expect(refusal([entry(limited, 1)], limited, 100)).toBe('Limit 1 per student');
    expect(refusal([entry(product({ price: 0 }), 10)], product({ price: 0 }), 100)).toBe(
      'At most 10 at a time',
    );
    expect(refusal([entry(product(), 5)], product(), 55)).toBe('You need 5 more Merits');
    expect(refusal([], product(), 10)).toBeNull();
    expect(english(addRefusal([entry(product(), 5)], product(), 59))).toBe('You need 1 more Merit');
  });

  it('counts the 10 items of an order per store', () => {
    const cheap = (id: string, store: 'School' | 'Teacher') =>
      product({
        _id: id,
        price: 0,
        store,
        teacher: store === 'Teacher' ? { _id: 't1', firstName: 'A', lastName: 'B' } : null,
      });
    const cart = [entry(cheap('a', 'School'), 6), entry(cheap('b', 'School'), 4)];
    expect(refusal(cart, cheap('c', 'School'), 100)).toBe(
      'At most 10 items from one store per order',
    );
    expect(refusal(cart, cheap('d', 'Teacher'), 100)).toBeNull();
  });

  it('refuses even a free product on a negative balance, as the order would be', () => {
    expect(refusal([], product({ price: 0 }), -5)).toBe('Your balance is negative');
  });

  it('refuses checkout of more than the stock left, in the words of the order', () => {
    const two = product({ stock: 2 });
    expect(atCheckout([entry(two, 3)], 100)).toBe(orderRefusalFor(two));
  });

  it('refuses checkout with an empty cart, a negative balance or too few points', () => {
    expect(atCheckout([], 100)).toBe('Your cart is empty.');
    expect(atCheckout([entry(product({ price: 0 }), 1)], -5)).toMatch(/negative/);
    expect(atCheckout([entry(product(), 3)], 20)).toBe('You need 10 more Merits for this cart.');
    expect(atCheckout([entry(product(), 2)], 20)).toBeNull();
  });
});
