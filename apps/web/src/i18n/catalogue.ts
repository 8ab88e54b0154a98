import type { Language, MessageKey } from '@app/domain';

export type Catalogue = Record<MessageKey, string>;

/** One language's catalogue, its own chunk: a screen loads only the language it shows. */
export async function loadCatalogue(lang: Language): Promise<Catalogue> {
  if (lang === 'es') return (await import('@app/domain/i18n/es')).es;
  return (await import('@app/domain/i18n/en')).en;
}
