import type { Language, Messages } from '@clinic/contract';

/** A language's files: the app's own strings and the contract's failedCode and validation messages. */
export interface LanguageFiles {
  translation: object;
  messages: Messages;
}

/** The contract's messages of each language, each in a chunk of its own. */
const contractMessages: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('@clinic/contract/messages/en')).en,
  ko: async () => (await import('@clinic/contract/messages/ko')).ko,
  'zh-HK': async () => (await import('@clinic/contract/messages/zh-HK')).zhHK,
  cs: async () => (await import('@clinic/contract/messages/cs')).cs,
};

/**
 * Loads a language's files together, so a page loads only the language it shows. Each app gives the
 * loaders of its own strings (a bundler needs their literal paths) and of what else a language needs.
 */
export function languageFilesLoader(
  translations: Record<Language, () => Promise<{ default: object }>>,
  alongside: Partial<Record<Language, () => Promise<unknown>>> = {},
): (language: Language) => Promise<LanguageFiles> {
  return async (language) => {
    const [translation, messages] = await Promise.all([
      translations[language](),
      contractMessages[language](),
      alongside[language]?.(),
    ]);
    return { translation: translation.default, messages };
  };
}
