import { defaultLanguage, isMessageKey, languages, messages, type Language } from '@clinic/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from '../../locales/cs/translation.json';
import en from '../../locales/en/translation.json';
import ko from '../../locales/ko/translation.json';
import zhHK from '../../locales/zh-HK/translation.json';
import { detectLanguage, isLanguage, persistLanguage } from './language.ts';
import { nestKeys } from './nest-keys.ts';

/** Namespace of the contract's shared messages: failedCodes and validation keys. */
export const messagesNamespace = 'messages';

const translations: Record<Language, unknown> = { en, ko, 'zh-HK': zhHK, cs };

const resources: Resource = Object.fromEntries(
  languages.map((language) => [
    language,
    {
      translation: translations[language] as Record<string, unknown>,
      [messagesNamespace]: nestKeys(messages[language]),
    },
  ]),
);

export const i18n = i18next.createInstance();

const initialLanguage = detectLanguage();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  load: 'currentOnly',
  ns: ['translation', messagesNamespace],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

persistLanguage(initialLanguage);

// The document title before the first screen sets its own (index.html carries the English name).
if (typeof document !== 'undefined') document.title = i18n.t('app.name');

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  persistLanguage(language);
}

/** The translated text of a contract message key or failedCode; unknown keys read as "invalid value". */
export function messageText(key: string, language: Language = currentLanguage()): string {
  const known = isMessageKey(key) ? key : 'validation.invalid';
  // The typed i18next API only knows the UI namespace; the messages namespace is keyed by contract keys.
  const untyped = i18n as unknown as { getFixedT(lng: string, ns: string): (key: string) => string };
  return untyped.getFixedT(language, messagesNamespace)(known);
}
