import {
  fieldWords,
  HIDDEN_CHARACTERS_PROBLEM,
  msg,
  schemaMessage,
  type Message,
} from '@app/domain';
import { CATALOGUES } from '@app/domain/i18n';
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
 * the English answer instead: a schema's own English sentence, which names its field itself.
 */
export interface ValidationAnswer {
  said: Message;
  english?: string;
}

const zodEnglish = z.locales.en().localeError;
const ENGLISH_FIELDS: Readonly<Record<string, string>> = CATALOGUES.en;

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
 * that message. Otherwise the failed check is said after its field as a person names it, in every
 * language: its label (the `fields.` area, else its words), without its place in a list
 * ("Quantity: must be at least 1", "Cantidad: debe ser como mínimo 1"). A schema's own English
 * sentence, which names its field, is kept for English (one that does not gets the label in
 * front). `input` is the part of the request that was checked (body, query, params).
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
    return zodWrote(issue, text) ? { said } : { said, english: text };
  }
  // The field's own name, not its place in a list: orderItems.0.quantity is "Cantidad".
  const name = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? context ?? 'body';
  const problem = checkProblem(issue, valueAt(input, path) === undefined);
  const said = msg('msg.fieldProblem', { field: { field: name }, problem });
  if (zodWrote(issue, text)) return { said };
  // Messages written in our schemas name their field; one that does not gets its label in front.
  const root = path[0] ?? '';
  const english = !field
    ? context && !text.includes(' ')
      ? `${context} ${text}`
      : text
    : text.includes(root)
      ? text
      : `${ENGLISH_FIELDS[`fields.${name}`] ?? fieldWords(name)}: ${text}`;
  return { said, english };
}
