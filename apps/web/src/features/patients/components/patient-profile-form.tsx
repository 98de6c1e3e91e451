import { rules, updatePatientInfo, type PatientSummary } from '@clinic/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
import { GenderRadio, type GenderValue } from '../../../shared/forms/radio-field.tsx';
import { EmailField, TextField } from '../../../shared/forms/text-field.tsx';
import { uploadMaxMegabytes } from '../../../shared/image/image-file.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ImageSelector } from '../../../shared/ui/image/image-selector.tsx';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { bodyDisplayOf, heightCmOf, weightKgOf, type BodyDisplay } from '../../../shared/units/units.ts';
import {
  UnsupportedImageError,
  isUploadTooLarge,
  useSavePatientProfile,
  type SaveProfileInput,
} from '../api/update-patient-info.ts';
import { BodyFields } from './body-fields.tsx';
import { DeviceRadio } from './device-radio.tsx';

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function sameBody(a: BodyDisplay, b: BodyDisplay, keys: (keyof BodyDisplay)[]): boolean {
  return keys.every((key) => a[key] === b[key]);
}

/** The clinician's record of a patient: image, name, e-mail, birth date, gender, body and device. */
export function PatientProfileForm({ patient }: { patient: PatientSummary }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const unit = useUnit();
  const save = useSavePatientProfile();
  const initialBody = bodyDisplayOf(patient.heightCm, patient.weightKg, unit);
  const [name, setName] = useState(patient.patientName);
  const [email, setEmail] = useState(patient.patientEmail ?? '');
  const [birth, setBirth] = useState(patient.patientInfoBirth);
  const [gender, setGender] = useState<GenderValue>(patient.patientInfoGender);
  const [body, setBody] = useState<BodyDisplay>(initialBody);
  const [device, setDevice] = useState<1 | 2>(patient.deviceType);
  const [pending, setPending] = useState<Blob | null>(null);
  const [removed, setRemoved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    // Values the clinician did not touch go back exactly as stored, not re-converted.
    const heightKeys: (keyof BodyDisplay)[] = unit === 'metric' ? ['heightCm'] : ['heightFeet', 'heightInches'];
    const heightCm = sameBody(body, initialBody, heightKeys) ? patient.heightCm : heightCmOf(body, unit);
    const weightKg = sameBody(body, initialBody, ['weight']) ? patient.weightKg : weightKgOf(body, unit);
    const parsed = updatePatientInfo.request.safeParse({
      seqMedicalRelation: patient.seqMedicalRelation,
      patientName: name,
      patientEmail: email,
      patientInfoBirth: birth,
      patientInfoGender: gender,
      heightCm,
      weightKg,
      deviceType: device,
      imageUrl: patient.imageUrl,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed));
      return;
    }
    const { imageUrl: _kept, ...profile } = parsed.data;
    const image: SaveProfileInput['image'] = pending
      ? { kind: 'new', jpeg: pending }
      : removed
        ? { kind: 'remove' }
        : { kind: 'keep', path: patient.imageUrl };
    try {
      await save.mutateAsync({ profile, image });
      setPending(null);
      setRemoved(false);
      showSuccess(t('patients.profile.saved'));
    } catch (error) {
      if (error instanceof UnsupportedImageError) setFailure(message('CM0415'));
      else if (isUploadTooLarge(error)) setFailure(t('image.tooLarge', { size: uploadMaxMegabytes }));
      else if (isApiError(error) && error.fields.length > 0) setErrors(fieldErrorsOfReply(error.fields));
    }
  };

  const clear = (field: string): void => setErrors(({ [field]: _removed, ...rest }) => rest);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="profile-heading">
      <Title order={3} id="profile-heading" mb="md">
        {t('patients.profile.title')}
      </Title>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="profile-heading">
        <Group align="flex-start" gap="xl" wrap="nowrap">
          <ImageSelector
            path={patient.imageUrl}
            pending={pending}
            removed={removed}
            onCropped={(jpeg) => {
              setPending(jpeg);
              setRemoved(false);
            }}
            onRemove={() => {
              setPending(null);
              setRemoved(true);
            }}
            alt={t('patients.profile.imageAlt', { name: patient.patientName })}
            fallback={initialsOf(patient.patientName)}
          />
          <Stack gap="sm" style={{ flex: 1 }}>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <TextField
                label={t('patients.fields.name')}
                value={name}
                onChange={(value) => {
                  setName(value);
                  clear('patientName');
                }}
                maxLength={rules.nameMax}
                error={errors.patientName}
                required
              />
              <EmailField
                label={t('patients.fields.emailOptional')}
                value={email}
                onChange={(value) => {
                  setEmail(value);
                  clear('patientEmail');
                }}
                maxLength={rules.emailMax}
                error={errors.patientEmail}
              />
              <DateField
                label={t('patients.fields.birth')}
                value={birth}
                onChange={(value) => {
                  setBirth(value);
                  clear('patientInfoBirth');
                }}
                error={errors.patientInfoBirth}
                required
                notInFuture
                minDate="1900-01-01"
              />
              <GenderRadio value={gender} onChange={setGender} error={errors.patientInfoGender} />
            </SimpleGrid>
            <BodyFields
              unit={unit}
              value={body}
              onChange={(next) => {
                setBody(next);
                setErrors(({ heightCm: _h, weightKg: _w, ...rest }) => rest);
              }}
              errors={errors}
            />
            <DeviceRadio value={device} onChange={setDevice} error={errors.deviceType} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('patients.profile.save')}
              </Button>
            </Group>
          </Stack>
        </Group>
      </form>
    </Paper>
  );
}
