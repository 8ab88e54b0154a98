import { MSG } from '@app/domain';

/**
 * Thrown anywhere in a request; the error handler turns it into `{ message }` with this status. A
 * `cause` (what failed underneath, never a secret) is logged before the answer, not sent.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const badRequest = (message: string, cause?: unknown) => new HttpError(400, message, cause);
export const unauthorized = () => new HttpError(401, MSG.unauthorized);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (what = 'Not found') => new HttpError(404, what);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * What a cause says, for the log: its name, code, message, an OAuth error's code, description and
 * status, and its own cause, as plain strings and numbers (never a response body, headers or a
 * request's options). A plain object's fields are kept the same way (context such as the provider).
 */
export function causeSummary(cause: unknown, depth = 0): unknown {
  if (depth > 4) return undefined;
  if (
    cause === null ||
    cause === undefined ||
    typeof cause === 'string' ||
    typeof cause === 'number' ||
    typeof cause === 'boolean'
  )
    return cause;
  if (cause instanceof Error) {
    const e = cause as Error & Record<string, unknown>;
    const out: Record<string, unknown> = { name: e.name, message: e.message };
    for (const k of ['code', 'status', 'error', 'error_description'] as const)
      if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
    if (e.cause instanceof Error) out.cause = causeSummary(e.cause, depth + 1);
    return out;
  }
  if (typeof cause === 'object' && Object.getPrototypeOf(cause) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(cause).map(([k, v]) => [k, causeSummary(v, depth + 1)]),
    );
  }
  return undefined;
}
