import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language, MessageKey } from '@app/domain';

/**
 * A language's messages: ICU text in tests, and in the built app a plain string for a literal or a
 * syntax tree compiled at build time (apps/web/vite.config.ts), so the browser never loads the
 * ICU parser.
 */
export type Catalogue = Partial<Record<MessageKey, string | MessageFormatElement[]>>;

/**
 * One language's words, each part its own chunk: a screen loads only the language it shows, and
 * staff screens' words only for staff (the student home stays small; docs/decisions/109-i18n.md).
 */
export async function loadCatalogue(lang: Language, staff: boolean): Promise<Catalogue> {
  const [student, staffWords] = await Promise.all(
    lang === 'es'
      ? [
          import('@app/domain/i18n/es/student').then((m) => m.studentWords),
          staff ? import('@app/domain/i18n/es/staff').then((m) => m.staffWords) : {},
        ]
      : [
          import('@app/domain/i18n/en/student').then((m) => m.studentWords),
          staff ? import('@app/domain/i18n/en/staff').then((m) => m.staffWords) : {},
        ],
  );
  return { ...student, ...staffWords };
}
