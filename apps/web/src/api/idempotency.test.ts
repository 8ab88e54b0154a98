import { describe, expect, it } from 'vitest';
import { attemptFor, Attempts } from './idempotency';

describe('one Idempotency-Key per attempt', () => {
  it('keeps the key for a retry of the same purchase and takes a new one for another', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const first = attemptFor(null, { orderItems: [{ productId: 'a', quantity: 1 }] }, key);
    expect(first.key).toBe('k1');
    const retry = attemptFor(first, { orderItems: [{ productId: 'a', quantity: 1 }] }, key);
    expect(retry).toBe(first);
    const other = attemptFor(retry, { orderItems: [{ productId: 'a', quantity: 2 }] }, key);
    expect(other.key).toBe('k2');
  });

  it('makes distinct random keys by default', () => {
    expect(attemptFor(null, {}).key).not.toBe(attemptFor(null, {}).key);
  });
});

describe('Attempts: one key per attempt of an action', () => {
  it('keeps the key while the same request is retried, and takes a new one once it went through or changed', () => {
    let n = 0;
    const attempts = new Attempts(() => `k${++n}`);
    expect(attempts.keyFor({ points: 5 })).toBe('k1');
    expect(attempts.keyFor({ points: 5 })).toBe('k1');
    expect(attempts.keyFor({ points: 6 })).toBe('k2');
    attempts.done();
    expect(attempts.keyFor({ points: 6 })).toBe('k3');
  });
});
