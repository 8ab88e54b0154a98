import { DEFAULT_LANGUAGE, pickLanguage, type Language } from '@app/domain';

/** The browser's language among those the product speaks. */
export const browserLanguage = (): Language =>
  typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : pickLanguage(navigator.languages);

/** The language of the screens, read by the API client for Accept-Language (the server answers in it). */
let current: Language = browserLanguage();
export const currentLanguage = (): Language => current;
export const setCurrentLanguage = (lang: Language): void => {
  current = lang;
};
