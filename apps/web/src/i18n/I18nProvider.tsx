import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isLanguage, type Language } from '@app/domain';
import { loadCatalogue, type Catalogue } from './catalogue';
import { LanguageContext } from './context';
import { browserLanguage, setCurrentLanguage } from './language';

type Loaded = { language: Language; staff: boolean; messages: Catalogue };

/**
 * The screens' language (docs/decisions/109-i18n.md): the user's choice on /profile, else the
 * browser's. Nothing is shown until its words are loaded; <html lang> follows.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const [staff, setStaff] = useState(false);
  const language = chosen ?? browserLanguage();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    setCurrentLanguage(language);
    void loadCatalogue(language, staff).then((messages) => {
      if (!live) return;
      document.documentElement.lang = language;
      setLoaded({ language, staff, messages });
    });
    return () => {
      live = false;
    };
  }, [language, staff]);

  const setReader = useCallback((r: { language: Language | null; staff: boolean }) => {
    setChosen(isLanguage(r.language) ? r.language : null);
    setStaff(r.staff);
  }, []);
  const ready = loaded && loaded.language === language && loaded.staff === staff;
  const state = useMemo(
    () => (loaded ? { language: loaded.language, messages: loaded.messages, setReader } : null),
    [loaded, setReader],
  );
  // Until the words the reader needs are in, nothing (a change of language or a sign-in only).
  if (!state || !ready) return null;
  return <LanguageContext.Provider value={state}>{children}</LanguageContext.Provider>;
}
