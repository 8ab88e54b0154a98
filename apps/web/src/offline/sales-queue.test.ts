import { describe, expect, it } from 'vitest';
import { makeSalesQueue, type QueuedSale, type SaleList, type SendOutcome } from './sales-queue';

/** The queue over a plain array, as IndexedDB keeps it in the app. */
function memoryList(): SaleList & { items: QueuedSale[] } {
  const list = {
    items: [] as QueuedSale[],
    read: () => Promise.resolve(list.items.map((s) => ({ ...s }))),
    change: (edit: (all: QueuedSale[]) => QueuedSale[]) => {
      list.items = edit(list.items);
      return Promise.resolve();
    },
  };
  return list;
}

const sale = (key: string, schoolId = 'school-1') => ({
  idempotencyKey: key,
  body: { studentId: `student-${key}`, items: [{ productId: 'p1', quantity: 1 }] },
  studentName: `Student ${key}`,
  total: 5,
  madeAt: '2026-10-14T19:00:00.000Z',
  schoolId,
});

describe('the counter’s sales kept offline (issue 35)', () => {
  it('sends them in order, each with its own key, and forgets those sold', async () => {
    const list = memoryList();
    const queue = makeSalesQueue(list);
    for (const key of ['a', 'b', 'c']) await queue.add(sale(key));
    const sent: string[] = [];
    const answered = await queue.flush('school-1', (s) => {
      sent.push(s.idempotencyKey);
      return Promise.resolve<SendOutcome>({ sent: true });
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(answered).toBe(3);
    expect(list.items).toEqual([]);
  });

  it('keeps a refused sale with the message, goes on with the next, and drops it when asked', async () => {
    const list = memoryList();
    const queue = makeSalesQueue(list);
    await queue.add(sale('a'));
    await queue.add(sale('b'));
    await queue.flush('school-1', (s) =>
      Promise.resolve<SendOutcome>(
        s.idempotencyKey === 'a' ? { sent: false, refused: 'Not enough Merits' } : { sent: true },
      ),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        idempotencyKey: 'a',
        status: 'refused',
        message: 'Not enough Merits',
      }),
    ]);
    // A refused sale is not sent again.
    const again: string[] = [];
    await queue.flush('school-1', (s) => {
      again.push(s.idempotencyKey);
      return Promise.resolve<SendOutcome>({ sent: true });
    });
    expect(again).toEqual([]);
    await queue.drop('a');
    expect(list.items).toEqual([]);
  });

  it('stops at a sale that does not reach the server, keeping it and those after it in order', async () => {
    const list = memoryList();
    const queue = makeSalesQueue(list);
    for (const key of ['a', 'b', 'c']) await queue.add(sale(key));
    const tried: string[] = [];
    const answered = await queue.flush('school-1', (s) => {
      tried.push(s.idempotencyKey);
      return Promise.resolve<SendOutcome>(
        s.idempotencyKey === 'a' ? { sent: true } : { sent: false, refused: null },
      );
    });
    expect(tried).toEqual(['a', 'b']);
    expect(answered).toBe(1);
    expect(list.items.map((s) => [s.idempotencyKey, s.status])).toEqual([
      ['b', 'waiting'],
      ['c', 'waiting'],
    ]);
  });

  it("sends only the school's own, and one sending at a time", async () => {
    const list = memoryList();
    const queue = makeSalesQueue(list);
    await queue.add(sale('mine'));
    await queue.add(sale('theirs', 'school-2'));
    let sends = 0;
    const send = async () => {
      sends += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { sent: true } as const;
    };
    await Promise.all([queue.flush('school-1', send), queue.flush('school-1', send)]);
    expect(sends).toBe(1);
    expect(list.items.map((s) => s.idempotencyKey)).toEqual(['theirs']);
  });

  it('tells its listeners of every change', async () => {
    const queue = makeSalesQueue(memoryList());
    let heard = 0;
    const stop = queue.subscribe(() => (heard += 1));
    await queue.add(sale('a'));
    await queue.drop('a');
    stop();
    await queue.add(sale('b'));
    expect(heard).toBe(2);
  });
});
