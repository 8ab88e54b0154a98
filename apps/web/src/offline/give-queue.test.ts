import { BASIC_MSG, type GiveResult } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { failure } from '../api/failure';
import { makeGiveQueue, type GiveList, type QueuedGive, type SendOutcome } from './give-queue';
import { giveOutcome } from './send-gives';

function memoryList(): GiveList & { all: QueuedGive[] } {
  const list = {
    all: [] as QueuedGive[],
    read: async () => [...list.all],
    change: async (edit: (l: QueuedGive[]) => QueuedGive[]) => {
      list.all = edit([...list.all]);
    },
  };
  return list;
}

const give = (key: string, userId = 'u1') => ({
  idempotencyKey: key,
  body: {
    externalStudentIds: [`s-${key}`],
    activityTypes: ['kindness'],
    madeAt: '2026-10-14T19:00:00.000Z',
  },
  madeAt: '2026-10-14T19:00:00.000Z',
  studentName: `Student ${key}`,
  action: { name: 'Kindness', points: 2 },
  userId,
});

const result = (id: string): GiveResult => ({
  giveId: id,
  date: '2026-10-14',
  studentCount: 1,
  activityCount: 1,
  points: 2,
  activityTypes: [{ _id: 'kindness', name: 'Kindness', category: 'Bonuses', points: 2 }],
  dailyBehaviorTakenBack: { students: 0, points: 0 },
});

describe('the queue of gives made by badge (issue 35)', () => {
  it('sends the giver’s waiting gives in the order made, each with its own key, and forgets them', async () => {
    const list = memoryList();
    const queue = makeGiveQueue(list);
    for (const k of ['a', 'b', 'c']) await queue.add(give(k));
    await queue.add(give('other', 'u2'));
    const sentKeys: string[] = [];
    const taken: string[] = [];
    queue.onSent((g, r) => taken.push(`${g.idempotencyKey}:${r.giveId}`));
    await queue.flush('u1', async (g) => {
      sentKeys.push(g.idempotencyKey);
      return { sent: true, result: result(`give-${g.idempotencyKey}`) };
    });
    expect(sentKeys).toEqual(['a', 'b', 'c']);
    expect(taken).toEqual(['a:give-a', 'b:give-b', 'c:give-c']);
    // Another giver's gives stay for them.
    expect(list.all.map((g) => g.idempotencyKey)).toEqual(['other']);
  });

  it('stops at the first give that does not reach the server, and sends it again with the same key', async () => {
    const list = memoryList();
    const queue = makeGiveQueue(list);
    for (const k of ['a', 'b']) await queue.add(give(k));
    const tries: string[] = [];
    await queue.flush('u1', async (g) => {
      tries.push(g.idempotencyKey);
      return { sent: false, refused: null };
    });
    expect(tries).toEqual(['a']);
    expect(list.all.map((g) => [g.idempotencyKey, g.status])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
    await queue.flush('u1', async (g) => {
      tries.push(g.idempotencyKey);
      return { sent: true, result: result(g.idempotencyKey) };
    });
    expect(tries).toEqual(['a', 'a', 'b']);
    expect(list.all).toEqual([]);
  });

  it('keeps a refused give with the server’s message, sends the next, and drops it when asked', async () => {
    const list = memoryList();
    const queue = makeGiveQueue(list);
    for (const k of ['a', 'b']) await queue.add(give(k));
    await queue.flush('u1', async (g): Promise<SendOutcome> =>
      g.idempotencyKey === 'a'
        ? { sent: false, refused: 'No school on Saturday' }
        : { sent: true, result: result('b') },
    );
    expect(list.all).toMatchObject([
      { idempotencyKey: 'a', status: 'refused', message: 'No school on Saturday' },
    ]);
    // A refused give is not sent again.
    const again: string[] = [];
    await queue.flush('u1', async (g) => {
      again.push(g.idempotencyKey);
      return { sent: true, result: result('x') };
    });
    expect(again).toEqual([]);
    await queue.drop('a');
    expect(list.all).toEqual([]);
  });

  it('sends a give once when two sendings are asked at the same time', async () => {
    const list = memoryList();
    const queue = makeGiveQueue(list);
    await queue.add(give('a'));
    let sends = 0;
    const send = async () => {
      sends++;
      await new Promise((r) => setTimeout(r, 5));
      return { sent: true as const, result: result('a') };
    };
    await Promise.all([queue.flush('u1', send), queue.flush('u1', send)]);
    expect(sends).toBe(1);
  });
});

describe('giveOutcome', () => {
  it('given with the server’s give; refused with its message; not reached otherwise', () => {
    expect(giveOutcome(result('g1'))).toEqual({ sent: true, result: result('g1') });
    expect(giveOutcome(failure('This student has left the school.'))).toEqual({
      sent: false,
      refused: 'This student has left the school.',
    });
    for (const m of [BASIC_MSG.someError, BASIC_MSG.tryLater, BASIC_MSG.unauthorized])
      expect(giveOutcome(failure(m))).toEqual({ sent: false, refused: null });
    // A 502/503 answers nothing (the client's empty success): the give waits.
    expect(giveOutcome({} as GiveResult)).toEqual({ sent: false, refused: null });
  });
});
