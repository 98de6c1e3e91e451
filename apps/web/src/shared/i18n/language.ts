import { defaultLanguage, firstLanguage, isLanguage, type Language } from '@clinic/contract';
import { languageQueryName } from '../../config/paths.ts';
import { writeFunctionalCookie } from '../notices/cookie-consent.ts';
import { getBrowserCookie } from '../storage/cookies.ts';
import { readItem, storageKeys, writeItem } from '../storage/local-storage.ts';

/** The addresses that carry the language are built in config/paths.ts. */
export { languageQueryName, withLangQuery } from '../../config/paths.ts';

export interface LanguageSources {
  /** The `lang` query parameter. */
  query?: string | null;
  /** The choice kept in this browser's local storage (`lang`). */
  stored?: string | null;
  /** The `lang` cookie. */
  cookie?: string | null;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[];
}

/**
 * SPEC 1: the lang query parameter, else the choice kept in this browser (local storage, then the
 * cookie, which is only there with consent), else the browser language, else English.
 */
export function resolveLanguage(sources: LanguageSources): Language {
  return firstLanguage([sources.query, sources.stored, sources.cookie, ...(sources.browser ?? [])]);
}

export { isLanguage };

/** The language this page should start in, from the address bar, the cookie and the browser. */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return defaultLanguage;
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return resolveLanguage({
    query: new URLSearchParams(window.location.search).get(languageQueryName),
    stored: readItem(storageKeys.lang),
    cookie: getBrowserCookie(storageKeys.lang),
    browser,
  });
}

/** Keeps the choice in local storage and, with consent, for 365 days in the cookie; tells the document. */
export function persistLanguage(language: Language): void {
  writeItem(storageKeys.lang, language);
  writeFunctionalCookie(storageKeys.lang, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
