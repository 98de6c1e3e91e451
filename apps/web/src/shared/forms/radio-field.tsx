import { Group, Radio } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface RadioOption {
  value: string;
  label: string;
}

export interface RadioFieldProps {
  label: string;
  options: readonly RadioOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
}

/** SPEC 2 radio: one choice of a few, in a labelled group. */
export function RadioField({ label, options, value, onChange, error, required }: RadioFieldProps): ReactElement {
  const message = useMessage();
  return (
    <Radio.Group label={label} value={value} onChange={onChange} error={message(error)}>
      <Group gap="lg" mt={6}>
        {options.map((option) => (
          // Each radio says it is required: a group's wrapper may not carry aria-required.
          <Radio key={option.value} value={option.value} label={option.label} required={required} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export type GenderValue = 'M' | 'F' | null;

/** SPEC 2 gender radio: male, female or not given. */
export function GenderRadio({
  value,
  onChange,
  error,
}: {
  value: GenderValue;
  onChange: (value: GenderValue) => void;
  error?: string | undefined;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <RadioField
      label={t('fields.gender')}
      value={value ?? 'unset'}
      onChange={(next) => onChange(next === 'M' || next === 'F' ? next : null)}
      error={error}
      options={[
        { value: 'M', label: t('fields.genderMale') },
        { value: 'F', label: t('fields.genderFemale') },
        { value: 'unset', label: t('fields.genderUnset') },
      ]}
    />
  );
}
