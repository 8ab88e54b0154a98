import { describe, expect, it } from 'vitest';
import { singleFlight } from '../src/lib/single-flight.js';

describe('singleFlight', () => {
  it('gives overlapping calls one run, and the next call a run of its own', async () => {
    let runs = 0;
    const releases: (() => void)[] = [];
    const probe = singleFlight(async (_key: object) => {
      const run = ++runs;
      await new Promise<void>((r) => releases.push(r));
      return run;
    });
    const key = {};
    const first = probe(key);
    const second = probe(key);
    const elsewhere = probe({}); // another key runs on its own
    expect(runs).toBe(2);
    releases.forEach((r) => r());
    expect([await first, await second, await elsewhere]).toEqual([1, 1, 2]);
    const third = probe(key);
    await Promise.resolve();
    releases[2]!();
    expect(await third).toBe(3);
  });

  it('hands an error to every overlapping call and keeps none', async () => {
    let fail = true;
    const probe = singleFlight(async (_key: object) => {
      await Promise.resolve();
      if (fail) throw new Error('down');
      return 'up';
    });
    const key = {};
    const calls = [probe(key), probe(key)];
    for (const c of calls) await expect(c).rejects.toThrow('down');
    fail = false;
    expect(await probe(key)).toBe('up');
  });
});
