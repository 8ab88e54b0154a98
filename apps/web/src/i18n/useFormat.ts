import { useContext } from 'react';
import { LanguageContext } from './context';
import { formatsFor } from './formats';

/** Numbers and dates by Intl in the screens' language (formats.ts): one set per language, shared. */
export function useFormat() {
  return formatsFor(useContext(LanguageContext)?.language ?? 'en');
}
