import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language, MessageKey } from '@app/domain';

/**
 * A language's messages: ICU text in tests, and in the built app a plain string for a literal or a
 * syntax tree compiled at build time (apps/web/vite.config.ts), so the browser never loads the
 * ICU parser.
 */
export type Catalogue = Partial<Record<MessageKey, string | MessageFormatElement[]>>;

/**
 * The words come in three parts per language, each its own chunk (docs/decisions/109-i18n.md):
 * `base` (the frame, the home, the profile) first for everyone; `student` (the screens opened
 * from the home, the server's messages) with the first such screen; `staff` up front for staff.
 */
type Part = 'base' | 'student' | 'staff';

const LOADERS: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
  en: {
    base: () => import('@app/domain/i18n/en/base').then((m) => m.baseWords),
    student: () => import('@app/domain/i18n/en/student').then((m) => m.studentWords),
    staff: () => import('@app/domain/i18n/en/staff').then((m) => m.staffWords),
  },
  es: {
    base: () => import('@app/domain/i18n/es/base').then((m) => m.baseWords),
    student: () => import('@app/domain/i18n/es/student').then((m) => m.studentWords),
    staff: () => import('@app/domain/i18n/es/staff').then((m) => m.staffWords),
  },
};

/** The catalogue on screen: one object, grown in place as parts arrive (useT reads it at call time). */
let live: { language: Language; messages: Catalogue; parts: Set<Part> } | null = null;
/** Parts a screen has needed: a change of language loads them again at once. */
const needed = new Set<Part>();

/** One language's words for a reader: the base part, the parts screens needed, staff's for staff. */
export async function loadCatalogue(lang: Language, staff: boolean): Promise<Catalogue> {
  const parts = new Set<Part>(['base', ...needed]);
  if (staff) parts.add('student').add('staff');
  const loaded = await Promise.all([...parts].map((p) => LOADERS[lang][p]()));
  const messages: Catalogue = Object.assign({}, ...loaded);
  live = { language: lang, messages, parts };
  return messages;
}

/** Resolves once the screens' words include the student part (a page waits for it before it shows). */
export async function ensureStudentWords(): Promise<void> {
  needed.add('student');
  const current = live;
  if (!current || current.parts.has('student')) return;
  const words = await LOADERS[current.language].student();
  Object.assign(current.messages, words);
  current.parts.add('student');
}
