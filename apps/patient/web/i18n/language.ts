import { firstLanguage, isLanguage, type Language } from '@clinic/contract';

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
  return firstLanguage([sources.query, sources.stored, ...(sources.browser ?? [])]);
}

export { isLanguage };

/** Each language named in itself, for the language select. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  'zh-HK': '繁體中文（香港）',
  cs: 'Čeština',
};
