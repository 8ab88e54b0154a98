/** The whole catalogue of both languages, for the server (the web loads one language's). */
import { en, type MessageKey } from './en/index.js';
import { es } from './es/index.js';
import { formatIcu, type MessageValues } from './format.js';
import type { Language } from './languages.js';

export { en, AREAS as EN_AREAS, type MessageKey } from './en/index.js';
export { es, AREAS as ES_AREAS } from './es/index.js';
export * from './languages.js';
export * from './format.js';

export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, es };

/** One catalogued message in `lang`. */
export const t = (lang: Language, key: MessageKey, values?: MessageValues): string =>
  formatIcu(lang, CATALOGUES[lang][key], values);
