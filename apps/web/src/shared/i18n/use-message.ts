import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './language.ts';
import { messageText } from './i18n.ts';

/** Translates contract message keys and failedCodes in the current language; `undefined` stays undefined. */
export function useMessage(): (key: string | undefined | null) => string | undefined {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (key: string | undefined | null) => {
      if (!key) return undefined;
      return isLanguage(language) ? messageText(key, language) : messageText(key);
    },
    [language],
  );
}
