import { api, Attempts, unwrap, type BulkGiveBody, type GiveResult } from '../../api';

/**
 * How a give screen sends its gives: one Idempotency-Key per attempt (docs/decisions/062-idempotency-key-for-every-points-change.md). A double click
 * or a "Try again" of the same give after a lost answer sends the same key, so the server gives it
 * once; once it went through (`given`), or when the give changes, the next one has a new key.
 */
export function giveSender(attempts: Attempts = new Attempts()) {
  return {
    send: (body: BulkGiveBody): Promise<GiveResult> =>
      unwrap(api.activity.give({ body, headers: { 'idempotency-key': attempts.keyFor(body) } })),
    given: () => attempts.done(),
  };
}
