import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages.js';

export type MessageValues = Record<string, string | number | Date>;

/** Compiling an ICU message costs far more than formatting it: each is compiled once per language. */
const compiled = new Map<string, IntlMessageFormat>();

/** Formats one ICU message (plurals, numbers and dates by Intl) in `lang`. */
export function formatIcu(lang: Language, template: string, values?: MessageValues): string {
  const key = `${lang}\u0000${template}`;
  let message = compiled.get(key);
  if (!message) compiled.set(key, (message = new IntlMessageFormat(template, lang)));
  return String(message.format(values));
}
