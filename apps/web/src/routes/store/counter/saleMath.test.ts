import { describe, expect, it } from 'vitest';
import type { CounterProduct } from '@app/domain';
import { canAddOne, priced, saleBody, setQuantity, type Lines } from './saleMath';

const product = (id: string, price: number, stock: number | null): CounterProduct => ({
  _id: id,
  name: id,
  price,
  stock,
  image: null,
  category: 'Items',
});
const pen = product('pen', 5, 2);
const cap = product('cap', 20, null);

describe('a counter sale', () => {
  it('adds, changes and removes lines, in the order they were added', () => {
    let lines: Lines = [];
    lines = setQuantity(lines, 'pen', 1);
    lines = setQuantity(lines, 'cap', 1);
    lines = setQuantity(lines, 'pen', 2);
    expect(lines).toEqual([
      { productId: 'pen', quantity: 2 },
      { productId: 'cap', quantity: 1 },
    ]);
    expect(setQuantity(lines, 'pen', 0)).toEqual([{ productId: 'cap', quantity: 1 }]);
  });

  it('stops at the stock, never for a product with no count', () => {
    const lines = setQuantity([], 'pen', 2);
    expect(canAddOne(lines, pen)).toBe(false);
    expect(canAddOne(setQuantity(lines, 'pen', 1), pen)).toBe(true);
    expect(canAddOne(setQuantity([], 'cap', 99), cap)).toBe(true);
  });

  it('prices the lines and leaves out a product no longer on sale', () => {
    const lines = setQuantity(setQuantity(setQuantity([], 'pen', 2), 'cap', 1), 'gone', 3);
    const { rows, total } = priced(lines, [pen, cap]);
    expect(rows.map((r) => [r.product._id, r.amount])).toEqual([
      ['pen', 10],
      ['cap', 20],
    ]);
    expect(total).toBe(30);
    expect(saleBody('s1', setQuantity([], 'pen', 2))).toEqual({
      studentId: 's1',
      items: [{ productId: 'pen', quantity: 2 }],
    });
  });
});
