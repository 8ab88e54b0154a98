import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import { memo } from './memo';

/**
 * Building a message asks Intl which locale it supports, and each message kept its own number,
 * date and plural formatters: on a phone a class page spent a tenth of a second building them for
 * its hundred messages (issue 35). Here the locale is resolved once per language and the
 * formatters are shared by a language's messages.
 */
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolved = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolved.has(key)) resolved.set(key, resolveLocale(locales));
  return resolved.get(key);
};

const formatters = new Map<string, Formatters>();
function formattersFor(language: string): Formatters {
  let f = formatters.get(language);
  if (!f)
    formatters.set(
      language,
      (f = {
        // formatjs's options type is wider than TypeScript's lib (useGrouping 'always'): Intl takes it.
        getNumberFormat: memo(
          (locales?: string | string[], opts?: object) =>
            new Intl.NumberFormat(locales, opts as Intl.NumberFormatOptions),
        ),
        getDateTimeFormat: memo((...args) => new Intl.DateTimeFormat(...args)),
        getPluralRules: memo((...args) => new Intl.PluralRules(...args)),
      }),
    );
  return f;
}

/** A catalogue message, ready to format in the language. */
export const messageFormat = (
  message: ConstructorParameters<typeof IntlMessageFormat>[0],
  language: string,
) => new IntlMessageFormat(message, language, undefined, { formatters: formattersFor(language) });
