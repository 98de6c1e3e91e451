import { MultiSelect } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';
import type { SelectOption } from './select-field.tsx';

export interface MultiSelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  placeholder?: string;
  maxValues?: number;
  disabled?: boolean;
}

/** SPEC 2 multi-select with tags: chosen values show as removable tags; the list is searchable. */
export function MultiSelectField({
  label,
  options,
  value,
  onChange,
  error,
  placeholder,
  maxValues,
  disabled,
}: MultiSelectFieldProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <MultiSelect
      label={label}
      data={options.map((option) => ({ value: option.value, label: option.label }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={disabled}
      maxValues={maxValues}
      placeholder={value.length === 0 ? placeholder : undefined}
      nothingFoundMessage={t('fields.nothingFound')}
      error={message(error)}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('fields.clear') }}
    />
  );
}
