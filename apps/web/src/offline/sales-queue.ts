import { get, update } from 'idb-keyval';
import type { CounterSaleBody } from '@app/domain';
import { counterStore } from './counter-db';

/*
 * The counter's sales made with no network (issue 35), kept on the device in IndexedDB like the
 * gives made offline: each with the Idempotency-Key it was made with, so however often it is sent
 * the server sells it once. They are sent in the order they were made when the network returns; one
 * the server refuses (not enough Merits, sold out) stays, with its message and the student's name,
 * until the cashier has settled it and drops it.
 */

export interface QueuedSale {
  idempotencyKey: string;
  body: CounterSaleBody;
  studentName: string;
  /** The sale's total in the school's currency, as the counter priced it. */
  total: number;
  /** When the cashier made it (ISO). */
  madeAt: string;
  /** The school it was made in: only a counter of that school sends it. */
  schoolId: string;
  status: 'waiting' | 'refused';
  /** The server's refusal, for a refused sale. */
  message: string | null;
}

/** What became of one sending: sold, refused by the server (its message), or not reached. */
export type SendOutcome = { sent: true } | { sent: false; refused: string | null };

/** Where the list lives: IndexedDB in the app, a plain array in tests. */
export interface SaleList {
  read(): Promise<QueuedSale[]>;
  change(edit: (list: QueuedSale[]) => QueuedSale[]): Promise<void>;
}

const KEY = 'sales';
const idbList: SaleList = {
  read: async () => (await get<QueuedSale[]>(KEY, counterStore())) ?? [],
  change: (edit) => update<QueuedSale[]>(KEY, (old) => edit(old ?? []), counterStore()),
};

/** The queue over a list; `salesQueue` is the app's. */
export function makeSalesQueue(list: SaleList) {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const change = async (edit: (all: QueuedSale[]) => QueuedSale[]) => {
    await list.change(edit);
    changed();
  };
  // One sending at a time in this tab: a sale is never sent twice at once, and order is kept.
  let sending: Promise<number> | null = null;

  /**
   * Sends the school's waiting sales in order, and answers how many the server took (sold or
   * refused); stops at the first that does not reach it.
   */
  async function sendAll(
    schoolId: string,
    send: (sale: QueuedSale) => Promise<SendOutcome>,
  ): Promise<number> {
    const waiting = (await list.read()).filter(
      (s) => s.schoolId === schoolId && s.status === 'waiting',
    );
    let answered = 0;
    for (const sale of waiting) {
      const outcome = await send(sale);
      const key = sale.idempotencyKey;
      if (outcome.sent) await change((all) => all.filter((s) => s.idempotencyKey !== key));
      else if (outcome.refused !== null) {
        const message = outcome.refused;
        await change((all) =>
          all.map((s) => (s.idempotencyKey === key ? { ...s, status: 'refused', message } : s)),
        );
      } else break;
      answered += 1;
    }
    return answered;
  }

  return {
    /** Every sale kept, oldest first. */
    read: () => list.read(),
    /** Keeps a sale made with no network, to send later. */
    add: (sale: Omit<QueuedSale, 'status' | 'message'>) =>
      change((all) => [...all, { ...sale, status: 'waiting', message: null }]),
    /** Forgets a refused sale the cashier has settled. */
    drop: (idempotencyKey: string) =>
      change((all) => all.filter((s) => s.idempotencyKey !== idempotencyKey)),
    /** Sends what waits (joining a sending already under way); answers how many the server took. */
    flush(schoolId: string, send: (sale: QueuedSale) => Promise<SendOutcome>): Promise<number> {
      sending ??= sendAll(schoolId, send).finally(() => {
        sending = null;
      });
      return sending;
    },
    /** Called after every change; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const salesQueue = makeSalesQueue(idbList);
