import {
  englishOf,
  msg,
  type Message,
  type MessageValue,
  type ServerMessageKey,
} from '@app/domain';

/**
 * Thrown anywhere in a request: a catalogue message (its key and arguments) and a status; the
 * error handler writes it in the request's language as `{ message }`
 * (docs/decisions/136-errors-carry-a-key.md). A `cause` (what failed underneath, never a secret)
 * is logged before the answer, not sent. `message` is the English text, for logs.
 */
export class HttpError extends Error {
  readonly key: ServerMessageKey;
  readonly values: Readonly<Record<string, MessageValue>>;

  constructor(
    readonly status: number,
    said: Message,
    cause?: unknown,
  ) {
    super(englishOf(said), cause === undefined ? undefined : { cause });
    this.key = said.key;
    this.values = said.values;
  }

  /** The status under the name Fastify reads. */
  get statusCode(): number {
    return this.status;
  }

  /** What to write in the request's language. */
  get said(): Message {
    return { key: this.key, values: this.values };
  }
}

export const badRequest = (said: Message, cause?: unknown) => new HttpError(400, said, cause);
export const unauthorized = () => new HttpError(401, msg('msg.unauthorized'));
export const forbidden = (said: Message = msg('msg.forbidden')) => new HttpError(403, said);
export const notFound = (said: Message = msg('msg.notFound')) => new HttpError(404, said);
export const conflict = (said: Message) => new HttpError(409, said);

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
