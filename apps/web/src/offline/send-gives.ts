import type { GiveResult } from '@app/domain';
import { api, isFailure, type ApiResult } from '../api';
import { giveQueue, type QueuedGive, type SendOutcome } from './give-queue';
import { fromServer } from './reached';

/**
 * What an answer to a give means for the queue: given (a 2xx with the give), refused (a 4xx: the
 * server's message), or not reached (no network, a 5xx, a 502/503 that answered nothing).
 */
export function giveOutcome(r: ApiResult<GiveResult>): SendOutcome {
  if (isFailure(r)) return { sent: false, refused: fromServer(r.message) ? r.message : null };
  return typeof r.giveId === 'string' ? { sent: true, result: r } : { sent: false, refused: null };
}

/** One give, with the Idempotency-Key it was made with (the same on every retry). */
async function sendGive(give: QueuedGive): Promise<SendOutcome> {
  const r = await api.activity.give({
    body: give.body,
    headers: { 'idempotency-key': give.idempotencyKey },
  });
  return giveOutcome(r);
}

/**
 * Sends the giver's waiting gives, in order. Other tabs of the app send the same queue: the Web
 * Locks API lets one at a time do it (each give's key keeps a give once anyway).
 */
export function sendWaitingGives(userId: string): Promise<void> {
  const flush = () => giveQueue.flush(userId, sendGive);
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return flush();
  const holding = locks.request.bind(locks);
  return holding('merit-market-gives', flush).then(() => undefined);
}
