import { CURRENCY_NAME, currencyNames, languageOf, type Language } from '@app/domain';
import { CATALOGUES, translateServerMessage } from '@app/domain/i18n';
import type { FastifyRequest } from 'fastify';

/** A request's language: the user's choice on /profile, else the browser's Accept-Language. */
const requestLanguage = (req: FastifyRequest): Language =>
  languageOf(req.auth?.language, req.headers['accept-language']);

/**
 * An answer's English message in the request's language with the school's currency name
 * (docs/decisions/109-i18n.md); a message the catalogue does not know is answered as it is.
 */
export function localMessage(req: FastifyRequest, text: string): string {
  const lang = requestLanguage(req);
  // The school's name of its currency in this language ("Méritos" in Spanish by default).
  const { currency } = currencyNames(req.auth?.school, lang);
  return translateServerMessage(text, lang, currency, CATALOGUES[lang], CURRENCY_NAME);
}
