import { defaultLanguage, languages, type Language, type Messages } from '@clinic/contract';
import { languageFilesLoader } from '@clinic/client/language-files';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserStorage, patientStorageKeys } from '../session/token-store.ts';
import { isLanguage, languageQueryName, resolveLanguage } from './language.ts';

/** Each language's strings in chunks of their own: a page loads only the language it shows. */
const loadLanguageFiles = languageFilesLoader({
  en: () => import('../locales/en.json'),
  ko: () => import('../locales/ko.json'),
  'zh-HK': () => import('../locales/zh-HK.json'),
  cs: () => import('../locales/cs.json'),
});

/** The contract's failedCode and validation messages of each loaded language. */
const loadedMessages: Partial<Record<Language, Messages>> = {};

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

/** Fetches a language's strings once; later calls for it resolve at once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loadedMessages[language]) return;
  const files = await loadLanguageFiles(language);
  i18n.addResourceBundle(language, 'translation', files.translation);
  loadedMessages[language] = files.messages;
}

const initialLanguage = detectLanguage();

/** Settles once the first language is loaded; the first screen waits for it, so no key is ever shown. */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    lng: initialLanguage,
    // Every language has every key (locales.test.ts), so no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...languages],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadLanguage(initialLanguage);
  showLanguage(currentLanguage());
})();

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/** Switches the language and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  try {
    browserStorage()?.setItem(patientStorageKeys.lang, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  showLanguage(language);
}

/** The translated text of a contract failedCode or validation key; unknown keys read as "invalid value". */
export function messageText(code: string | undefined, language: Language = currentLanguage()): string {
  const messages = loadedMessages[language];
  if (!messages) return code ?? '';
  const key = code ?? 'CM0500';
  return Object.hasOwn(messages, key) ? messages[key as keyof Messages] : messages['validation.invalid'];
}
