import { EARLY_READ_MS, earlyKey, type EarlyAnswer } from './plan';

interface Call {
  query?: Record<string, unknown>;
  body?: unknown;
  form?: unknown;
  headers?: Record<string, string>;
}

/**
 * The boot script's answer to this call (boot.ts), once, while the first screen loads: only a read
 * with nothing of its own to send (no body or extra header) and the very query the boot script
 * sent, under the same stored sign-in.
 * Null when there is none, when it is too old or the reader has left the page it was for, or when
 * it failed to arrive (the caller then asks).
 */
export async function takeEarlyAnswer(
  method: string,
  path: string,
  call: Call,
  token: string,
): Promise<EarlyAnswer | null> {
  const early = globalThis.__earlyReads;
  if (
    !early ||
    early.token !== token ||
    Date.now() - early.at > EARLY_READ_MS ||
    globalThis.location?.pathname !== early.path
  )
    return null;
  const plain =
    (call.body === undefined ||
      (typeof call.body === 'object' &&
        call.body !== null &&
        Object.keys(call.body).length === 0)) &&
    call.form === undefined &&
    Object.keys(call.headers ?? {}).length === 0;
  const key = earlyKey(method, path, call.query);
  const answer = plain ? early.answers.get(key) : undefined;
  if (!answer) return null;
  early.answers.delete(key);
  return answer;
}
