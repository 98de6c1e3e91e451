import { rules } from '@clinic/contract';
import { PasswordInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface NewPasswordFieldsProps {
  /** The visible (and accessible) labels of the two fields. */
  labels: Record<keyof NewPasswordValues, string>;
  values: NewPasswordValues;
  /** Contract message keys by field. */
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
}

/** A new password, with the contract's password rule as its hint, and its confirmation. */
export function NewPasswordFields({ labels, values, errors, onChange }: NewPasswordFieldsProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();

  return (
    <>
      <PasswordInput
        label={labels.newPassword}
        description={t('signUp.passwordHint', { min: rules.passwordMin, max: rules.passwordMax })}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => onChange('newPassword', event.currentTarget.value)}
        error={message(errors.newPassword)}
      />
      <PasswordInput
        label={labels.confirmPassword}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.currentTarget.value)}
        error={message(errors.confirmPassword)}
      />
    </>
  );
}
