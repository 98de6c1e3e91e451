import { updatePatientInfo, type PatientSummary } from '@clinic/contract';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
import { uploadMaxMegabytes } from '../../../shared/image/image-file.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ImageSelector } from '../../../shared/ui/image/image-selector.tsx';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { bodyDisplayOf, heightCmOf, weightKgOf, type BodyDisplay } from '../../../shared/units/units.ts';
import { ImageRefusedError } from '../../../shared/api/upload-profile-image.ts';
import { isUploadTooLarge, useSavePatientProfile, type SaveProfileInput } from '../api/update-patient-info.ts';
import { PatientProfileFields, type ProfileFieldValues } from './patient-profile-fields.tsx';

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
  const [fields, setFields] = useState<ProfileFieldValues>({
    name: patient.patientName,
    email: patient.patientEmail ?? '',
    birth: patient.patientInfoBirth,
    gender: patient.patientInfoGender,
    body: initialBody,
    device: patient.deviceType,
  });
  const { body } = fields;
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
      patientName: fields.name,
      patientEmail: fields.email,
      patientInfoBirth: fields.birth,
      patientInfoGender: fields.gender,
      heightCm,
      weightKg,
      deviceType: fields.device,
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
      if (error instanceof ImageRefusedError) setFailure(message('CM0415'));
      else if (isUploadTooLarge(error)) setFailure(t('image.tooLarge', { size: uploadMaxMegabytes }));
      else if (isApiError(error) && error.fields.length > 0) setErrors(fieldErrorsOfReply(error.fields));
    }
  };

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
            <PatientProfileFields
              unit={unit}
              values={fields}
              onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
              errors={errors}
              setErrors={setErrors}
            />
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
