import { client, defaultLanguage, firstLanguage, isLanguage, type Language } from '@clinic/contract';
import { getBrowserCookie, setBrowserCookie } from '../storage/cookies.ts';
import { storageKeys, writeItem } from '../storage/local-storage.ts';

export const languageCookieName = 'lang';
export const languageQueryName = 'lang';

export interface LanguageSources {
  /** The `lang` query parameter. */
  query?: string | null;
  /** The `lang` cookie. */
  cookie?: string | null;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[];
}

/** SPEC 1: the lang query parameter, else the lang cookie, else the browser language, else English. */
export function resolveLanguage(sources: LanguageSources): Language {
  return firstLanguage([sources.query, sources.cookie, ...(sources.browser ?? [])]);
}

export { isLanguage };

/** The language this page should start in, from the address bar, the cookie and the browser. */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return defaultLanguage;
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return resolveLanguage({
    query: new URLSearchParams(window.location.search).get(languageQueryName),
    cookie: getBrowserCookie(languageCookieName),
    browser,
  });
}

/** Keeps the choice for 365 days in the cookie and in local storage, and tells the document. */
export function persistLanguage(language: Language): void {
  setBrowserCookie(languageCookieName, language, client.cookieDays);
  writeItem(storageKeys.lang, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The path with the lang query parameter of `search` carried over, if there is one. */
export function withLangQuery(path: string, search: string): string {
  const lang = new URLSearchParams(search).get(languageQueryName);
  if (!lang) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${languageQueryName}=${encodeURIComponent(lang)}`;
}
