/**
 * One Idempotency-Key per attempt
 * (docs/decisions/057-checkout-confirmation-and-idempotency-key.md, docs/decisions/062-idempotency-key-for-every-points-change.md),
 * for every call that buys or changes points: the same request (the same body) retried keeps its
 * key, so the server acts on it once however often it arrives (a double click, a "Try again"
 * after a lost answer); a different request gets a new key (the server answers 409 to a key reused
 * with another body).
 */
export interface Attempt {
  body: string;
  key: string;
}

/** A fresh random key. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The attempt for `body`: the previous one when it was for the same body, else a fresh key. */
export function attemptFor(
  previous: Attempt | null,
  body: unknown,
  makeKey: () => string = newIdempotencyKey,
): Attempt {
  const json = JSON.stringify(body);
  return previous && previous.body === json ? previous : { body: json, key: makeKey() };
}

/**
 * The attempts of one action (a screen's give, an edit, an absence switch): `keyFor` gives the key
 * to send, the same while the same request is retried; `done` after it went through, so doing
 * the same again (another identical give) is a new attempt with a new key.
 */
export class Attempts {
  private last: Attempt | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(body: unknown): string {
    this.last = attemptFor(this.last, body, this.makeKey);
    return this.last.key;
  }

  done(): void {
    this.last = null;
  }
}
