import { languages, type Language } from '@clinic/contract';
import { NativeSelect } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changeLanguage, currentLanguage } from '../i18n/i18n.ts';
import { isLanguage, languageQueryName } from '../i18n/language.ts';

export interface LanguageSelectProps {
  /** A visible label; without it the select is labelled for assistive technology only. */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  /** Told of each language chosen, after the app has switched to it. */
  onChanged?: (language: Language) => void;
}

/** Changes the language of the whole app and keeps the choice in the lang cookie. */
export function LanguageSelect({ label, size = 'sm', onChanged }: LanguageSelectProps): ReactElement {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();

  const onChange = (value: string): void => {
    if (!isLanguage(value)) return;
    void changeLanguage(value);
    onChanged?.(value);
    if (searchParams.has(languageQueryName)) {
      const next = new URLSearchParams(searchParams);
      next.set(languageQueryName, value);
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <NativeSelect
      size={size}
      label={label}
      aria-label={label ? undefined : t('language.label')}
      value={currentLanguage()}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={languages.map((language) => ({ value: language, label: t(`language.names.${language}`) }))}
    />
  );
}
