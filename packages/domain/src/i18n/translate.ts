import { basics } from './en/basics.js';
import { server } from './en/server.js';

const enServer = { ...server, ...basics };
import { formatIcu, type MessageValues } from './format.js';
import type { Language } from './languages.js';

/**
 * The server's answers are written in English where they are thrown (MSG, one place for tests,
 * logs and the web's checks); at the edge each is read back to its key and arguments and written
 * again in the request's language with the school's currency name (docs/decisions/109-i18n.md).
 * A text that is no catalogued message (a validation detail) is answered as it is.
 */
type Pattern = { key: keyof typeof enServer; re: RegExp; names: string[] };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(key: keyof typeof enServer, template: string): Pattern {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const arg = /^\{(\w+)\}$/.exec(part);
      if (!arg) return escape(part);
      const name = arg[1]!;
      const seen = names.indexOf(name);
      if (seen >= 0) return `\\${seen + 1}`;
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { key, re: new RegExp(`^${source}$`, 's'), names };
}

let patterns: Pattern[] | null = null;
const exact = new Map<string, keyof typeof enServer>();

function compile(): Pattern[] {
  const list: Pattern[] = [];
  for (const [key, template] of Object.entries(enServer) as [keyof typeof enServer, string][]) {
    if (/\{\w+\}/.test(template)) list.push(patternOf(key, template));
    else exact.set(template, key);
  }
  // The most literal text first: "{name} is out of stock" before "{file} line {line}: {reason}".
  return list.sort((a, b) => b.re.source.length - a.re.source.length);
}

/** The key and arguments of an English server message, or null when it is none of the catalogue's. */
export function parseServerMessage(
  text: string,
): { key: keyof typeof enServer; values: Record<string, string> } | null {
  patterns ??= compile();
  const key = exact.get(text);
  if (key) return { key, values: {} };
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

const LONG_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/;
const GROUPED = /^-?\d{1,3}(,\d{3})+$/;

/** An argument read from English text, written for `lang`: dates and grouped numbers by Intl. */
function localValue(value: string, lang: Language): string | number | Date {
  if (lang === 'en') return value;
  if (LONG_DATE.test(value)) {
    const d = new Date(`${value} UTC`);
    if (!Number.isNaN(d.getTime()))
      return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  }
  if (GROUPED.test(value)) return Number(value.replace(/,/g, '')).toLocaleString(lang);
  return value;
}

/**
 * `text` (an English server message) in `lang`, with `currency` for the default currency name.
 * `catalogue` is the language's whole catalogue (the server holds both).
 */
export function translateServerMessage(
  text: string,
  lang: Language,
  currency: string,
  catalogue: Record<string, string>,
  defaultCurrency: string,
): string {
  if (lang === 'en' && currency === defaultCurrency) return text;
  const parsed = parseServerMessage(text);
  if (!parsed) return text;
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(parsed.values))
    values[name] =
      name === 'currency' && value === defaultCurrency ? currency : localValue(value, lang);
  const template = catalogue[parsed.key] ?? enServer[parsed.key];
  // Arguments are inserted as written: the template's own braces are the only syntax.
  return formatIcu(lang, template, values);
}
