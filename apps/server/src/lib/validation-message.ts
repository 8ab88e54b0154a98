import {
  englishOf,
  HIDDEN_CHARACTERS_PROBLEM,
  msg,
  schemaMessage,
  type Message,
} from '@app/domain';
import { z } from 'zod';

/** One failed check as fastify-type-provider-zod hands it over: the zod issue, spread out. */
export interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A refused request's message: `said`, written in the request's language; `english`, when set, is
 * the English answer instead (the schema's own sentence, or the check after the field's API name).
 */
export interface ValidationAnswer {
  said: Message;
  english?: string;
}

const zodEnglish = z.locales.en().localeError;

/** Whether zod wrote the message itself (no schema gave its own words). */
function zodWrote(issue: Record<string, unknown>, text: string): boolean {
  if (issue.code === 'invalid_type')
    return text.startsWith(`Invalid input: expected ${String(issue.expected)}, received `);
  const own = zodEnglish(issue as never);
  return (typeof own === 'string' ? own : own?.message) === text;
}

/** The checks said without a bound. */
type FieldCheck =
  | 'msg.checkNumber'
  | 'msg.checkWholeNumber'
  | 'msg.checkText'
  | 'msg.checkBoolean'
  | 'msg.checkList'
  | 'msg.checkObject'
  | 'msg.checkEmail'
  | 'msg.checkId'
  | 'msg.checkUrl'
  | 'msg.checkDate';

const TYPE_KEYS: Partial<Record<string, FieldCheck>> = {
  number: 'msg.checkNumber',
  int: 'msg.checkWholeNumber',
  string: 'msg.checkText',
  boolean: 'msg.checkBoolean',
  array: 'msg.checkList',
  object: 'msg.checkObject',
};

const FORMAT_KEYS: Partial<Record<string, FieldCheck>> = {
  email: 'msg.checkEmail',
  uuid: 'msg.checkId',
  guid: 'msg.checkId',
  url: 'msg.checkUrl',
  date: 'msg.checkDate',
};

const SIZED = new Set(['string', 'array', 'set', 'file']);

/**
 * The check that failed, in words any language can say: its kind and its bound ("must be at least
 * 1"), said after the field. `missing` is whether the request had no value there.
 */
function checkProblem(issue: Record<string, unknown>, missing: boolean): Message {
  const origin = String(issue.origin ?? '');
  const exclusive = issue.inclusive === false;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return msg('msg.checkRequired');
      const key = TYPE_KEYS[String(issue.expected)];
      return msg(key ?? 'msg.checkInvalid');
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (origin === 'string')
        return min <= 1 ? msg('msg.checkRequired') : msg('msg.checkMinLength', { min });
      if (SIZED.has(origin))
        return min <= 1 ? msg('msg.checkNotEmpty') : msg('msg.checkMinItems', { min });
      return msg(exclusive ? 'msg.checkAbove' : 'msg.checkMin', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (origin === 'string') return msg('msg.checkMaxLength', { max });
      if (SIZED.has(origin)) return msg('msg.checkMaxItems', { max });
      return msg(exclusive ? 'msg.checkBelow' : 'msg.checkMax', { max });
    }
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String).join(', ') : '';
      return values ? msg('msg.checkOneOf', { values }) : msg('msg.checkInvalid');
    }
    case 'invalid_format':
      return msg(FORMAT_KEYS[String(issue.format)] ?? 'msg.checkInvalid');
    default:
      return msg('msg.checkInvalid');
  }
}

/** The value the request had at `path` under `input` (undefined when it had none). */
function valueAt(input: unknown, path: readonly string[]): unknown {
  let v = input;
  for (const part of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * The first failed check as one sentence naming its field. A catalogue message a schema gives is
 * that message. Otherwise the failed check is said after its field ("Cantidad: debe ser como
 * mínimo 1"): in English the field is named as the API names it, without its place in a list
 * ("quantity: must be at least 1", the words clients and tests read), in other languages by its
 * label (the `fields.` area, else its words). A schema's own English sentence, which names its
 * field, is kept for English. `input` is the part of the request that was checked (body, query,
 * params).
 */
export function validationMessage(
  items: readonly ValidationItem[],
  context?: string,
  input?: unknown,
): ValidationAnswer {
  const first = items[0];
  if (!first) return { said: msg('msg.requestInvalid') };
  const text = first.message ?? '';
  const path = (first.instancePath ?? '').split('/').filter(Boolean);
  const field = path.join('.');
  if (text === HIDDEN_CHARACTERS_PROBLEM) return { said: msg('msg.hiddenCharacters', { field }) };
  const known = schemaMessage(text);
  if (known) return { said: known };
  const issue: Record<string, unknown> = { ...first.params, code: first.keyword };
  if (issue.code === 'unrecognized_keys') {
    const keys = Array.isArray(issue.keys) ? issue.keys.map(String).join(', ') : '';
    const said = msg('msg.checkUnknownFields', { fields: keys });
    return { said, english: zodWrote(issue, text) ? englishOf(said) : text };
  }
  // The field's own name, not its place in a list: orderItems.0.quantity is "Cantidad".
  const name = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? context ?? 'body';
  const problem = checkProblem(issue, valueAt(input, path) === undefined);
  const said = msg('msg.fieldProblem', { field: { field: name }, problem });
  if (zodWrote(issue, text))
    return { said, english: englishOf(msg('msg.fieldProblem', { field: name, problem })) };
  // Messages written in our schemas name their field; one that does not gets it in front.
  const root = path[0] ?? '';
  const english = !field
    ? context && !text.includes(' ')
      ? `${context} ${text}`
      : text
    : text.includes(root)
      ? text
      : `${field}: ${text}`;
  return { said, english };
}
