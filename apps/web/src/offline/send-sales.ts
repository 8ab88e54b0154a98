import type { CounterSale, CounterSaleBody } from '@app/domain';
import { api, isFailure } from '../api';
import { unreached } from './reached';
import { salesQueue, type QueuedSale, type SendOutcome } from './sales-queue';

/** The server's answer to one sending of a sale: the sale, or its refusal (null: not reached). */
export type SaleAnswer = { sale: CounterSale } | { refused: string | null };

/** One sending of a sale with its Idempotency-Key (the same on every retry). */
export async function sendSale(body: CounterSaleBody, key: string): Promise<SaleAnswer> {
  const r = await api.counter.sell({ body, headers: { 'idempotency-key': key } });
  if (!isFailure(r)) return { sale: r };
  return { refused: unreached(r.message) ? null : r.message };
}

/**
 * Sends the school's sales waiting on this device, in order, one tab at a time (the Web Locks API;
 * each sale's key keeps it once anyway). `onSent` hears each that went through; answers how many
 * the server answered.
 */
export function sendWaitingSales(
  schoolId: string,
  onSent?: (sale: QueuedSale) => void,
): Promise<number> {
  const send = async (sale: QueuedSale): Promise<SendOutcome> => {
    const answer = await sendSale(sale.body, sale.idempotencyKey);
    if (!('sale' in answer)) return { sent: false, refused: answer.refused };
    onSent?.(sale);
    return { sent: true };
  };
  const flush = () => salesQueue.flush(schoolId, send);
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return flush();
  let answered = 0;
  const holding = locks.request.bind(locks);
  return holding('merit-market-sales', async () => {
    answered = await flush();
  }).then(() => answered);
}
