import { currencyNames, languageOf, writeMessage, type Language, type Message } from '@app/domain';
import { CATALOGUES } from '@app/domain/i18n';
import type { FastifyRequest } from 'fastify';

/** A request's language: the user's choice on /profile, else the browser's Accept-Language. */
export const requestLanguage = (req: FastifyRequest): Language =>
  languageOf(req.auth?.language, req.headers['accept-language']);

/**
 * A message in the request's language with the school's currency names
 * (docs/decisions/136-errors-carry-a-key.md): English is read from its catalogue like any other.
 */
export function localMessage(req: FastifyRequest, said: Message): string {
  const lang = requestLanguage(req);
  // The school's name of its currency in this language ("Méritos" in Spanish by default).
  const { currency, currencyOne } = currencyNames(req.auth?.school, lang);
  return writeMessage(said, { lang, words: CATALOGUES[lang], currency, currencyOne });
}
