import { defaultLanguage, languages, matchLanguage, type Language } from '@clinic/contract';

export const languageQueryName = 'lang';

export interface LanguageSources {
  /** The `lang` query parameter. */
  query?: string | null;
  /** The language chosen earlier in this browser. */
  stored?: string | null;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[];
}

/** The `lang` query parameter, else the earlier choice, else the browser's languages, else English. */
export function resolveLanguage(sources: LanguageSources): Language {
  const fromQuery = matchLanguage(sources.query);
  if (fromQuery) return fromQuery;
  const fromStored = matchLanguage(sources.stored);
  if (fromStored) return fromStored;
  for (const tag of sources.browser ?? []) {
    const fromBrowser = matchLanguage(tag);
    if (fromBrowser) return fromBrowser;
  }
  return defaultLanguage;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Each language named in itself, for the language select. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  'zh-HK': '繁體中文（香港）',
  cs: 'Čeština',
};
