import { rules } from '@clinic/contract';
import { SimpleGrid } from '@mantine/core';
import type { Dispatch, ReactElement, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { GenderRadio, type GenderValue } from '../../../shared/forms/radio-field.tsx';
import { EmailField, TextField } from '../../../shared/forms/text-field.tsx';
import type { BodyDisplay, Unit } from '../../../shared/units/units.ts';
import { BodyFields } from './body-fields.tsx';
import { DeviceRadio } from './device-radio.tsx';

export interface ProfileFieldValues {
  name: string;
  email: string;
  birth: string;
  gender: GenderValue;
  body: BodyDisplay;
  device: 1 | 2 | null;
}

export interface PatientProfileFieldsProps {
  unit: Unit;
  values: ProfileFieldValues;
  onChange: (patch: Partial<ProfileFieldValues>) => void;
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** In the add modal: name and e-mail one under the other, the name focused first. */
  inModal?: boolean;
}

/** A patient's name, e-mail, birth date, gender, body and device; editing a field clears its error. */
export function PatientProfileFields({
  unit,
  values,
  onChange,
  errors,
  setErrors,
  inModal = false,
}: PatientProfileFieldsProps): ReactElement {
  const { t } = useTranslation();
  const clear = (field: string): void => setErrors(({ [field]: _removed, ...rest }) => rest);

  const nameAndEmail = (
    <>
      <TextField
        label={t('patients.fields.name')}
        value={values.name}
        onChange={(value) => {
          onChange({ name: value });
          clear('patientName');
        }}
        maxLength={rules.nameMax}
        error={errors.patientName}
        required
        data-autofocus={inModal || undefined}
      />
      <EmailField
        label={t('patients.fields.emailOptional')}
        value={values.email}
        onChange={(value) => {
          onChange({ email: value });
          clear('patientEmail');
        }}
        maxLength={rules.emailMax}
        error={errors.patientEmail}
      />
    </>
  );
  const birthAndGender = (
    <>
      <DateField
        label={t('patients.fields.birth')}
        value={values.birth}
        onChange={(value) => {
          onChange({ birth: value });
          clear('patientInfoBirth');
        }}
        error={errors.patientInfoBirth}
        required
        notInFuture
        minDate="1900-01-01"
      />
      <GenderRadio value={values.gender} onChange={(gender) => onChange({ gender })} error={errors.patientInfoGender} />
    </>
  );

  return (
    <>
      {inModal ? (
        <>
          {nameAndEmail}
          <SimpleGrid cols={2} spacing="sm">
            {birthAndGender}
          </SimpleGrid>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {nameAndEmail}
          {birthAndGender}
        </SimpleGrid>
      )}
      <BodyFields
        unit={unit}
        value={values.body}
        onChange={(body) => {
          onChange({ body });
          setErrors(({ heightCm: _h, weightKg: _w, ...rest }) => rest);
        }}
        errors={errors}
      />
      <DeviceRadio value={values.device} onChange={(device) => onChange({ device })} error={errors.deviceType} />
    </>
  );
}
