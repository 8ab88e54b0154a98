import type { Language } from './i18n/languages.js';
import { CURRENCY_NAME } from './routes.js';

/*
 * The currency's name in each language (docs/decisions/113-currency-name-setting.md). A school
 * names it in English (`currencyName`, `currencyNameOne`) and may name it in Spanish; a Spanish
 * name it has not set follows the English one: "Méritos" and "Mérito" while the English names are
 * the default ones, else the English words themselves ("Tiger Bucks" stays "Tiger Bucks").
 */

/** The default names: plural and one, in English and in Spanish. */
export const CURRENCY_NAME_ONE = 'Merit';
export const CURRENCY_NAME_ES = 'Méritos';
export const CURRENCY_NAME_ONE_ES = 'Mérito';

/** A school's currency names as stored: the Spanish ones null when the school never set them. */
export interface CurrencyNames {
  currencyName: string;
  currencyNameOne: string;
  currencyNameEs?: string | null;
  currencyNameOneEs?: string | null;
}

/** The Spanish names a school without its own gets, from its English names. */
export function spanishCurrencyDefaults(
  en: Pick<CurrencyNames, 'currencyName' | 'currencyNameOne'>,
): {
  currencyNameEs: string;
  currencyNameOneEs: string;
} {
  return {
    currencyNameEs: en.currencyName === CURRENCY_NAME ? CURRENCY_NAME_ES : en.currencyName,
    currencyNameOneEs:
      en.currencyNameOne === CURRENCY_NAME_ONE ? CURRENCY_NAME_ONE_ES : en.currencyNameOne,
  };
}

/** The school's Spanish names: its own, else those that follow its English names. */
export function spanishCurrencyNames(s: CurrencyNames): {
  currencyNameEs: string;
  currencyNameOneEs: string;
} {
  const defaults = spanishCurrencyDefaults(s);
  return {
    currencyNameEs: s.currencyNameEs ?? defaults.currencyNameEs,
    currencyNameOneEs: s.currencyNameOneEs ?? defaults.currencyNameOneEs,
  };
}

/** The currency's names in `lang`, as messages take them: {currency} and {currencyOne}. */
export function currencyNames(
  s: CurrencyNames | null | undefined,
  lang: Language,
): { currency: string; currencyOne: string } {
  const en = s ?? { currencyName: CURRENCY_NAME, currencyNameOne: CURRENCY_NAME_ONE };
  if (lang === 'en') return { currency: en.currencyName, currencyOne: en.currencyNameOne };
  const es = spanishCurrencyNames(en);
  return { currency: es.currencyNameEs, currencyOne: es.currencyNameOneEs };
}
