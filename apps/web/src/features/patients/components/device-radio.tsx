import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioField } from '../../../shared/forms/radio-field.tsx';

/** The linked device: 1 home, 2 pro (SPEC 1). */
export function DeviceRadio({
  value,
  onChange,
  error,
}: {
  value: 1 | 2 | null;
  onChange: (value: 1 | 2) => void;
  error?: string | undefined;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <RadioField
      label={t('patients.fields.device')}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next === '2' ? 2 : 1)}
      error={error}
      required
      options={[
        { value: '1', label: t('patients.device.1') },
        { value: '2', label: t('patients.device.2') },
      ]}
    />
  );
}
