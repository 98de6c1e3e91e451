import type { FormState } from '@clinic/client/form-state';
import { rules } from '@clinic/contract';
import { SimpleGrid } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { GenderRadio, type GenderValue } from '../../../shared/forms/radio-field.tsx';
import { EmailField, TextField } from '../../../shared/forms/text-field.tsx';
import type { BodyDisplay, Unit } from '../../../shared/units/units.ts';
import { BodyFields } from './body-fields.tsx';
import { DeviceRadio } from './device-radio.tsx';

/** The values under the request's names; the body is shown in the clinician's unit. */
export interface ProfileFieldValues {
  patientName: string;
  patientEmail: string;
  patientInfoBirth: string;
  patientInfoGender: GenderValue;
  body: BodyDisplay;
  deviceType: 1 | 2 | null;
}

/** The body is one value but two fields of the request, each with its own error. */
type ProfileField = keyof ProfileFieldValues | 'heightCm' | 'weightKg';

export interface PatientProfileFieldsProps {
  unit: Unit;
  form: Pick<FormState<ProfileFieldValues, ProfileField>, 'values' | 'errors' | 'setValue' | 'clearErrors'>;
  /** In the add modal: name and e-mail one under the other, the name focused first. */
  inModal?: boolean;
}

/** A patient's name, e-mail, birth date, gender, body and device; editing a field clears its error. */
export function PatientProfileFields({ unit, form, inModal = false }: PatientProfileFieldsProps): ReactElement {
  const { t } = useTranslation();
  const { values, errors, setValue } = form;

  const nameAndEmail = (
    <>
      <TextField
        label={t('patients.fields.name')}
        value={values.patientName}
        onChange={(value) => setValue('patientName', value)}
        maxLength={rules.nameMax}
        error={errors.patientName}
        required
        data-autofocus={inModal || undefined}
      />
      <EmailField
        label={t('patients.fields.emailOptional')}
        value={values.patientEmail}
        onChange={(value) => setValue('patientEmail', value)}
        maxLength={rules.emailMax}
        error={errors.patientEmail}
      />
    </>
  );
  const birthAndGender = (
    <>
      <DateField
        label={t('patients.fields.birth')}
        value={values.patientInfoBirth}
        onChange={(value) => setValue('patientInfoBirth', value)}
        error={errors.patientInfoBirth}
        required
        notInFuture
        minDate="1900-01-01"
      />
      <GenderRadio
        value={values.patientInfoGender}
        onChange={(gender) => setValue('patientInfoGender', gender)}
        error={errors.patientInfoGender}
      />
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
          setValue('body', body);
          form.clearErrors('heightCm', 'weightKg');
        }}
        errors={errors}
      />
      <DeviceRadio
        value={values.deviceType}
        onChange={(device) => setValue('deviceType', device)}
        error={errors.deviceType}
      />
    </>
  );
}
