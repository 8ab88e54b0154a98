import { createContext, useContext } from 'react';
import type { Language } from '@app/domain';

export interface LanguageState {
  language: Language;
  /** The signed-in user's choice (null: the browser's); set by the session and by /profile. */
  setChosen: (lang: Language | null) => void;
}

export const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside I18nProvider');
  return state;
}
