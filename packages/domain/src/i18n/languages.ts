/** The languages the product speaks (docs/decisions/109-i18n.md). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name: a choice is offered in the language it chooses. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * The first of the browser's languages the product speaks ("es-MX" → es), else English. Takes an
 * Accept-Language header ("es-MX,es;q=0.9,en;q=0.8") or navigator.languages.
 */
export function pickLanguage(preferred: string | readonly string[] | null | undefined): Language {
  if (!preferred) return DEFAULT_LANGUAGE;
  const list =
    typeof preferred === 'string'
      ? preferred
          .split(',')
          .map((part) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.find((p) => p.trim().startsWith('q='));
            return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
          })
          .filter((p) => p.tag && !(p.q <= 0))
          .sort((a, b) => b.q - a.q)
          .map((p) => p.tag)
      : preferred;
  for (const tag of list) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** A user's own choice (set on /profile) wins over the browser's. */
export const languageOf = (
  chosen: string | null | undefined,
  browser: string | readonly string[] | null | undefined,
): Language => (isLanguage(chosen) ? chosen : pickLanguage(browser));
