import type { ReactNode } from 'react';
import type { Language } from '@app/domain';
import { en } from '@app/domain/i18n/en';
import { es } from '@app/domain/i18n/es';
import { LanguageContext } from './context';

/** A whole language's words around `children`, for tests that render a screen on its own. */
export function Words({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  return (
    <LanguageContext.Provider
      value={{ language, messages: language === 'es' ? es : en, setReader: () => undefined }}
    >
      {children}
    </LanguageContext.Provider>
  );
}
