/**
 * One Idempotency-Key per purchase attempt: the same purchase (the same body) retried keeps its
 * key, so the server charges it once however often it arrives; a different purchase gets a new key
 * (the server answers 409 to a key reused with another body).
 */
export interface Attempt {
  body: string;
  key: string;
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The attempt for `body`: the previous one when it was for the same body, else a fresh key. */
export function attemptFor(previous: Attempt | null, body: unknown, makeKey: () => string = newKey): Attempt {
  const json = JSON.stringify(body);
  return previous && previous.body === json ? previous : { body: json, key: makeKey() };
}
