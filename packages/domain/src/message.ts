import { basics } from './i18n/en/basics.js';
import { server } from './i18n/en/server.js';
import type { Language } from './i18n/languages.js';
import { CURRENCY_NAME_ONE } from './currency.js';
import { CURRENCY_NAME } from './routes.js';

/*
 * A message the server answers, as its catalogue key and arguments: thrown as it is and written in
 * the person's language only at the edge (docs/decisions/136-errors-carry-a-key.md).
 */

/** The English templates of the server's messages ('msg.'), the source of every English text. */
export const SERVER_ENGLISH = { ...server, ...basics } as const;
export type ServerMessageKey = keyof typeof SERVER_ENGLISH;

/** The `{name}`s of a template, read from its literal type. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** Filled in at the edge, never by a thrower: the school's own currency names. */
type FilledAtTheEdge = 'currency' | 'currencyOne';

/** The arguments message `K` takes: exactly its template's placeholders. */
export type ArgumentsOf<K extends ServerMessageKey> = Exclude<
  Placeholders<(typeof SERVER_ENGLISH)[K]>,
  FilledAtTheEdge
>;

/** A number written with the language's digit grouping ("10,000", "10.000"). */
export interface Grouped {
  readonly grouped: number;
}

/** A field of a request by its API name, written with its label in the language ("Quantity"). */
export interface FieldName {
  readonly field: string;
}

/**
 * An argument: text as it is, a number as written (no grouping), a Date as a long calendar date
 * in the language ("June 30, 2027", "30 de junio de 2027"), a grouped number, a field, or another
 * message written in the same language.
 */
export type MessageValue = string | number | Date | Grouped | FieldName | Message;

export interface Message<K extends ServerMessageKey = ServerMessageKey> {
  readonly key: K;
  readonly values: Readonly<Record<string, MessageValue>>;
}

/** `msg`'s rest argument for key `K`: none, or an object of exactly its arguments. */
export type ValuesOf<K extends ServerMessageKey> = [ArgumentsOf<K>] extends [never]
  ? []
  : [values: { readonly [N in ArgumentsOf<K>]: MessageValue }];

/**
 * A message by its key, with exactly the arguments its template names (checked by the types):
 * `msg('msg.outOfStock', { name })`.
 */
/*#__NO_SIDE_EFFECTS__*/
export function msg<K extends ServerMessageKey>(key: K, ...values: ValuesOf<K>): Message<K> {
  return { key, values: ((values as unknown[])[0] ?? {}) as Message<K>['values'] };
}

/** A calendar day (YYYY-MM-DD) as a message argument: written as a long date, never shifted by a time zone. */
export const calendarDay = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/** A number to be written with the language's grouping. */
export const grouped = (n: number): Grouped => ({ grouped: n });

/** "internalPeriodId" → "Internal period ID": a field the labels do not name, in words. */
export function fieldWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w, i) =>
      /^ids?$/i.test(w) ? `ID${w.slice(2).toLowerCase()}` : i === 0 ? w : w.toLowerCase(),
    );
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What writing a message needs besides the message: the language's words and the currency. */
export interface Writing {
  lang: Language;
  /** The language's catalogue: its 'msg.' templates and the fields' labels ('fields.'). */
  words: Readonly<Record<string, string>>;
  currency?: string;
  currencyOne?: string;
}

const ENGLISH: Writing = { lang: 'en', words: SERVER_ENGLISH };

function valueText(v: MessageValue, w: Writing): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : v.toLocaleString(w.lang, { useGrouping: false });
  if (v instanceof Date)
    return new Intl.DateTimeFormat(w.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(v);
  if ('grouped' in v) return v.grouped.toLocaleString(w.lang);
  if ('field' in v) return w.words[`fields.${v.field}`] ?? fieldWords(v.field);
  return writeMessage(v, w);
}

/**
 * A message in a language. The server's templates take simple `{name}` arguments only
 * (packages/domain/test/i18n.test.ts), so this is ICU's result without its parser, which the web
 * bundle leaves out.
 */
export function writeMessage(m: Message, w: Writing): string {
  const template = w.words[m.key] ?? SERVER_ENGLISH[m.key];
  return template.replace(/\{(\w+)\}/g, (all, name: string) => {
    // The school's names where the edge knows them, else the default ones.
    if (name === 'currency') return w.currency ?? CURRENCY_NAME;
    if (name === 'currencyOne') return w.currencyOne ?? CURRENCY_NAME_ONE;
    const v = m.values[name];
    return v === undefined ? all : valueText(v, w);
  });
}

/** A message's English text with the default currency name: for tests, logs and the web's checks. */
export const englishOf = /*#__NO_SIDE_EFFECTS__*/ (m: Message): string => writeMessage(m, ENGLISH);

/** The messages schemas give zod as their errors' text, by that text. */
const SCHEMA_SAID = new Map<string, Message>();

/**
 * A message as a zod schema's error: zod takes text, so the English text goes in and the server
 * knows the message again by it (lib/validation-message.ts), to write it in the person's language.
 * Marked free of side effects for the web's bundler: a chunk without the schema drops the call (and
 * the catalogue with it); only the server reads the record.
 */
/*#__NO_SIDE_EFFECTS__*/
export function schemaText(m: Message): string {
  const text = englishOf(m);
  SCHEMA_SAID.set(text, m);
  return text;
}

/** The message a schema gave as this error text, if any. */
export const schemaMessage = (text: string): Message | undefined => SCHEMA_SAID.get(text);
