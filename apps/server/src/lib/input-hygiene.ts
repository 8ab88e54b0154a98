import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { msg, type Message } from '@app/domain';
import { badRequest } from './errors.js';

/**
 * Input hygiene for every route, in one place:
 * - a JSON body is parsed by our own `application/json` parser: an empty body means "no body"
 *   (the web client sends `content-type: application/json` on every call), nesting deeper than
 *   MAX_BODY_DEPTH is refused before JSON.parse (no recursive walk can blow the stack later),
 *   `__proto__` / `constructor.prototype` keys are refused (as Fastify's default parser does);
 * - no string reaching a handler (body strings and keys, query values, path params) may hold a NUL
 *   character (PostgreSQL text and jsonb cannot store one) or an unpaired UTF-16 surrogate
 *   (not valid UTF-8, so it cannot be stored or sent back either).
 * Each refusal is a 400 `{ message }` naming the field.
 */

/** How deep a JSON body may nest: `{}` is one level, `{"a":[{}]}` three. */
export const MAX_BODY_DEPTH = 32;

const MSG_TOO_DEEP = msg('msg.bodyTooDeep', { max: MAX_BODY_DEPTH });
const MSG_INVALID_JSON = msg('msg.badJson');
const MSG_FORBIDDEN_KEY = msg('msg.bodyForbiddenKey');

export interface BadString {
  /** JSON path of the field, e.g. `groups.0.name`; `whole` (e.g. `body`) when the value itself is the bad string. */
  path: string;
  problem: Message;
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Why a string may not be stored (a value, or a field's name), or null when it is fine. */
function stringProblem(s: string, asName = false): Message | null {
  if (s.includes('\u0000'))
    return msg(asName ? 'msg.fieldNameNoNulCharacter' : 'msg.noNulCharacter');
  if (UNPAIRED_SURROGATE.test(s))
    return msg(asName ? 'msg.fieldNameNoLoneSurrogate' : 'msg.noLoneSurrogate');
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The first string (in document order) or object key in a JSON-like value that holds a NUL character
 * or an unpaired surrogate, with its path; null when there is none. Walks with its own stack, so any
 * depth is safe.
 */
export function findBadString(value: unknown, whole = 'body'): BadString | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) return { path: path || whole, problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, String(i))]);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) {
        const problem = stringProblem(key, true);
        // The key itself goes into the message with its bad characters replaced.
        if (problem)
          return {
            path: join(path, key.replace(BAD_CHARS, '?')) || whole,
            problem,
          };
      }
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push([(v as Record<string, unknown>)[keys[i]!], join(path, keys[i]!)]);
    }
  }
  return null;
}

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found by one pass over the raw text
 * (brackets inside strings do not count), so it runs before JSON.parse and never recurses.
 */
export function jsonNestingExceeds(text: string, max = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string: its end is the next quote not escaped by a backslash.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Throws the 400 for the first bad string in `value`, if any. */
function assertCleanStrings(value: unknown, whole = 'body'): void {
  const bad = findBadString(value, whole);
  if (bad) throw badRequest(msg('msg.fieldProblem', { field: bad.path, problem: bad.problem }));
}

/**
 * Parses a JSON body: empty or blank text is no body at all; then depth, syntax, prototype
 * poisoning and bad strings, each a 400 with its own message.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonNestingExceeds(text)) throw badRequest(MSG_TOO_DEEP);
  let body: unknown;
  try {
    // Fastify's own JSON parser: JSON.parse, then a look for __proto__ / constructor.prototype keys
    // (only when a regex finds either in the text).
    body = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    throw badRequest(
      /forbidden prototype/.test((err as Error).message) ? MSG_FORBIDDEN_KEY : MSG_INVALID_JSON,
    );
  }
  assertCleanStrings(body);
  return body;
}

function checkRequestStrings(req: FastifyRequest) {
  assertCleanStrings(req.params, 'path');
  assertCleanStrings(req.query, 'query');
  // Bodies from other parsers (text/plain) have not been checked yet; JSON bodies were, while parsing.
  if (typeof req.body === 'string') assertCleanStrings(req.body);
}

const inputHygienePlugin: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  // preValidation runs after every onRequest hook (authentication, permissions) and before schemas.
  app.addHook('preValidation', async (req) => checkRequestStrings(req));
};

/** Registered on the root instance (not encapsulated), so it covers every route. */
export const inputHygiene = fp(inputHygienePlugin, { name: 'input-hygiene' });
