import { createContext, useContext } from 'react';
import type { Language } from '@app/domain';
import type { Catalogue } from './catalogue';

export interface LanguageState {
  language: Language;
  messages: Catalogue;
  /**
   * Set by the session: the signed-in user's language (null: the browser's) and whether they see
   * staff screens (their words are loaded only then).
   */
  setReader: (reader: { language: Language | null; staff: boolean }) => void;
}

export const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside I18nProvider');
  return state;
}
