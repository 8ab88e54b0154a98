import { get, update } from 'idb-keyval';
import type { BulkGiveBody, GiveResult } from '@app/domain';
import { givesStore } from './gives-db';

/*
 * Gives made by badge (issue 35), kept on the device in IndexedDB until the server has answered:
 * each with the Idempotency-Key it was made with (so however often it is sent, the server gives it
 * once) and the time it was made (`madeAt`: the give is of that day, not the day it is sent). They
 * are sent in the order they were made; one the server refuses (a student who left, a weekend, a
 * limit) stays, with the server's message, until the giver drops it.
 */

export interface QueuedGive {
  idempotencyKey: string;
  /** POST activity/bulk's body, `madeAt` included. */
  body: BulkGiveBody & { madeAt: string };
  /** When the badge was read (ISO): the give's day, whenever it is sent. */
  madeAt: string;
  /** Whom and what, as the giver saw them: the list shows them with no network. */
  studentName: string;
  action: { name: string; points: number };
  /** The giver: only their own gives are shown and sent with their session. */
  userId: string;
  status: 'waiting' | 'refused';
  /** The server's refusal, for a refused give. */
  message: string | null;
}

/** What became of one sending: given (the server's answer), refused (its message), or not reached. */
export type SendOutcome =
  { sent: true; result: GiveResult } | { sent: false; refused: string | null };

/** Where the list lives: IndexedDB in the app, a plain array in tests. */
export interface GiveList {
  read(): Promise<QueuedGive[]>;
  change(edit: (list: QueuedGive[]) => QueuedGive[]): Promise<void>;
}

const KEY = 'queue';
const idbList: GiveList = {
  read: async () => (await get<QueuedGive[]>(KEY, givesStore())) ?? [],
  change: (edit) => update<QueuedGive[]>(KEY, (old) => edit(old ?? []), givesStore()),
};

type Sent = (give: QueuedGive, result: GiveResult) => void;

/** The queue over a list; `giveQueue` is the app's. */
export function makeGiveQueue(list: GiveList) {
  const listeners = new Set<() => void>();
  const sentListeners = new Set<Sent>();
  const changed = () => listeners.forEach((l) => l());
  const change = async (edit: (all: QueuedGive[]) => QueuedGive[]) => {
    await list.change(edit);
    changed();
  };
  // One sending at a time in this tab: a give is never sent twice at once, and order is kept.
  let sending: Promise<void> | null = null;

  /** Sends the giver's waiting gives in order; stops at the first that does not reach the server. */
  async function sendAll(userId: string, send: (give: QueuedGive) => Promise<SendOutcome>) {
    const waiting = (await list.read()).filter(
      (g) => g.userId === userId && g.status === 'waiting',
    );
    for (const give of waiting) {
      const outcome = await send(give);
      const key = give.idempotencyKey;
      if (outcome.sent) {
        await change((all) => all.filter((g) => g.idempotencyKey !== key));
        sentListeners.forEach((l) => l(give, outcome.result));
      } else if (outcome.refused !== null) {
        const message = outcome.refused;
        await change((all) =>
          all.map((g) => (g.idempotencyKey === key ? { ...g, status: 'refused', message } : g)),
        );
      } else return;
    }
  }

  const queue = {
    /** Every give kept, oldest first. */
    read: () => list.read(),
    /** Keeps a give until the server has answered it. */
    add: (give: Omit<QueuedGive, 'status' | 'message'>) =>
      change((all) => [...all, { ...give, status: 'waiting', message: null }]),
    /** Forgets a give: a refused one the giver has read, or one undone before it was sent. */
    drop: (idempotencyKey: string) =>
      change((all) => all.filter((g) => g.idempotencyKey !== idempotencyKey)),
    /** Sends what waits (joining a sending already under way, then sending what came meanwhile). */
    async flush(userId: string, send: (give: QueuedGive) => Promise<SendOutcome>): Promise<void> {
      while (sending) await sending;
      sending = sendAll(userId, send).finally(() => {
        sending = null;
      });
      return sending;
    },
    /** Called after every change; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called with each give the server took, and its answer (the Undo needs the give's id). */
    onSent(listener: Sent): () => void {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
  };
  return queue;
}

export type GiveQueue = ReturnType<typeof makeGiveQueue>;
export const giveQueue: GiveQueue = makeGiveQueue(idbList);
