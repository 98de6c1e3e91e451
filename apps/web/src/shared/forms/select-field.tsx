import { NativeSelect } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  /** '' for nothing chosen. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Offers an empty first choice (the placeholder) that stands for "not given". */
  allowEmpty?: boolean;
  placeholder?: string;
  required?: boolean;
  size?: 'xs' | 'sm' | 'md';
}

/** SPEC 2 select: the browser's own list, so it works with every keyboard and screen reader. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  error,
  allowEmpty = true,
  placeholder,
  required,
  size,
}: SelectFieldProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const data = allowEmpty ? [{ value: '', label: placeholder ?? t('fields.notSelected') }, ...options] : [...options];
  return (
    <NativeSelect
      label={label}
      data={data}
      value={value}
      size={size}
      required={required}
      withAsterisk={false}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={message(error)}
    />
  );
}
