import { defaultLanguage, languages, type Language } from '@clinic/contract';
import { languageFilesLoader } from '@clinic/client/language-files';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, isLanguage, persistLanguage } from './language.ts';
import { nestKeys } from './nest-keys.ts';

/** Namespace of the contract's shared messages: failedCodes and validation keys. */
export const messagesNamespace = 'messages';

/** Each language's files in chunks of their own: a page loads only the language it shows (and its dayjs locale). */
const loadLanguageFiles = languageFilesLoader(
  {
    en: () => import('../../locales/en/translation.json?part=start'),
    ko: () => import('../../locales/ko/translation.json?part=start'),
    'zh-HK': () => import('../../locales/zh-HK/translation.json?part=start'),
    cs: () => import('../../locales/cs/translation.json?part=start'),
  },
  {
    ko: () => import('dayjs/locale/ko'),
    'zh-HK': () => import('dayjs/locale/zh-hk'),
    cs: () => import('dayjs/locale/cs'),
  },
);

export const i18n = i18next.createInstance();

/** The sections of each language shown only once signed in (vite-translation-parts.ts). */
const signedInFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('../../locales/en/translation.json?part=signedIn'),
  ko: () => import('../../locales/ko/translation.json?part=signedIn'),
  'zh-HK': () => import('../../locales/zh-HK/translation.json?part=signedIn'),
  cs: () => import('../../locales/cs/translation.json?part=signedIn'),
};

const loaded = new Set<string>();
/** Set by the first signed-in screen: from then on, a language change loads the signed-in strings too. */
let signedInWanted = false;

async function loadSignedInSections(language: Language): Promise<void> {
  if (loaded.has(`${language}:signedIn`)) return;
  const strings = await signedInFiles[language]();
  i18n.addResourceBundle(language, 'translation', strings.default, true, false);
  loaded.add(`${language}:signedIn`);
}

/** Fetches a language's strings once; later calls for it resolve at once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (signedInWanted) await Promise.all([loadStart(language), loadSignedInSections(language)]);
  else await loadStart(language);
}

async function loadStart(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const files = await loadLanguageFiles(language);
  i18n.addResourceBundle(language, 'translation', files.translation, true, false);
  i18n.addResourceBundle(language, messagesNamespace, nestKeys(files.messages));
  loaded.add(language);
}

/**
 * The strings of the signed-in screens, in the current language; those screens wait for them, so the
 * login pages load only their own.
 */
export function loadSignedInStrings(): Promise<void> {
  signedInWanted = true;
  return loadSignedInSections(currentLanguage());
}

const initialLanguage = detectLanguage();

/** Settles once the first language is loaded; the first screen waits for it, so no key is ever shown. */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    lng: initialLanguage,
    // Every language has every key (translations.test.ts), so no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...languages],
    load: 'currentOnly',
    ns: ['translation', messagesNamespace],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadLanguage(initialLanguage);
  persistLanguage(initialLanguage);
  // The document title before the first screen sets its own (index.html carries the English name).
  if (typeof document !== 'undefined') document.title = i18n.t('app.name');
})();

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  persistLanguage(language);
}

/** The translated text of a contract message key or failedCode; unknown keys read as "invalid value". */
export function messageText(key: string, language: Language = currentLanguage()): string {
  // The typed i18next API only knows the UI namespace; the messages namespace is keyed by contract keys.
  const untyped = i18n as unknown as { getFixedT(lng: string, ns: string): (key: string) => string };
  const known = typeof i18n.getResource(language, messagesNamespace, key) === 'string' ? key : 'validation.invalid';
  return untyped.getFixedT(language, messagesNamespace)(known);
}
