import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/domain';
import { t, type MessageKey, type MessageValues } from '@app/domain/i18n';

/*
 * Mails are written from the catalogue's mail area in the recipient's language
 * (docs/decisions/109-i18n.md): the language they chose on /profile, else the school's, which is
 * English for every school today (schools have no language of their own yet). A mail has no
 * browser to ask.
 */

/** The language a mail to this person is written in. */
export const mailLanguage = (chosen: string | null | undefined): Language =>
  isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;

/** An instant as a mail says it: by Intl in the language, in the school's time zone, zone named. */
export const mailDateTime = (lang: Language, at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);

/** A mail's subject and text from the catalogue: `${kind}.subject` and `${kind}.body`. */
export const mailWords = (
  lang: Language,
  kind: 'mail.invitation' | 'mail.reset',
  values: MessageValues,
): { subject: string; text: string } => ({
  subject: t(lang, `${kind}.subject` as MessageKey, values),
  text: t(lang, `${kind}.body` as MessageKey, values),
});
