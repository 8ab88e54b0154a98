import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { isLanguage, type Language } from '@app/domain';
import { loadCatalogue, type Catalogue } from './catalogue';
import { LanguageContext } from './context';
import { browserLanguage, setCurrentLanguage } from './language';

/**
 * The screens' language (docs/decisions/109-i18n.md): the user's choice on /profile, else the
 * browser's; its catalogue is loaded before anything is shown, and <html lang> follows it.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? browserLanguage();
  const [loaded, setLoaded] = useState<{ lang: Language; messages: Catalogue } | null>(null);

  useEffect(() => {
    let live = true;
    setCurrentLanguage(language);
    document.documentElement.lang = language;
    void loadCatalogue(language).then((messages) => {
      if (live) setLoaded({ lang: language, messages });
    });
    return () => {
      live = false;
    };
  }, [language]);

  const choose = useCallback((l: Language | null) => setChosen(isLanguage(l) ? l : null), []);
  const state = useMemo(() => ({ language, setChosen: choose }), [language, choose]);
  // The previous language stays on screen while the next one loads (no blank flash on a change).
  if (!loaded) return null;
  return (
    <LanguageContext.Provider value={state}>
      <IntlProvider locale={loaded.lang} defaultLocale="en" messages={loaded.messages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
