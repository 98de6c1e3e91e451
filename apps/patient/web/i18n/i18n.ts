import { defaultLanguage, languages, translate, type Language } from '@clinic/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import zhHK from '../locales/zh-HK.json';
import { browserStorage, patientStorageKeys } from '../session/token-store.ts';
import { isLanguage, languageQueryName, resolveLanguage } from './language.ts';

const translations: Record<Language, unknown> = { en, ko, 'zh-HK': zhHK, cs };

const resources: Resource = Object.fromEntries(
  languages.map((language) => [language, { translation: translations[language] as Record<string, unknown> }]),
);

function detectLanguage(): Language {
  if (typeof window === 'undefined') return defaultLanguage;
  let stored: string | null = null;
  try {
    stored = browserStorage()?.getItem(patientStorageKeys.lang) ?? null;
  } catch {
    stored = null;
  }
  return resolveLanguage({
    query: new URLSearchParams(window.location.search).get(languageQueryName),
    stored,
    browser: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
}

function showLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = i18n.t('app.name');
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

showLanguage(currentLanguage());

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/** Switches the language and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    browserStorage()?.setItem(patientStorageKeys.lang, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  showLanguage(language);
}

/** The translated text of a contract failedCode or validation key. */
export function messageText(code: string | undefined, language: Language = currentLanguage()): string {
  return translate(language, code ?? 'CM0500');
}
