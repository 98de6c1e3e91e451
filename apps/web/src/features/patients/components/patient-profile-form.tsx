import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, updatePatientInfo, type PatientSummary } from '@clinic/contract';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [initial] = useState<ProfileFieldValues>(() => ({
    patientName: patient.patientName,
    patientEmail: patient.patientEmail ?? '',
    patientInfoBirth: patient.patientInfoBirth,
    patientInfoGender: patient.patientInfoGender,
    body: initialBody,
    deviceType: patient.deviceType,
  }));
  const [pending, setPending] = useState<Blob | null>(null);
  const [removed, setRemoved] = useState(false);
  const form = useContractForm({
    initialValues: initial,
    schema: updatePatientInfo.request,
    toRequest: ({ body, ...values }) => {
      // Values the clinician did not touch go back exactly as stored, not re-converted.
      const heightKeys: (keyof BodyDisplay)[] = unit === 'metric' ? ['heightCm'] : ['heightFeet', 'heightInches'];
      return {
        ...values,
        seqMedicalRelation: patient.seqMedicalRelation,
        heightCm: sameBody(body, initialBody, heightKeys) ? patient.heightCm : heightCmOf(body, unit),
        weightKg: sameBody(body, initialBody, ['weight']) ? patient.weightKg : weightKgOf(body, unit),
        imageUrl: patient.imageUrl,
      };
    },
    send: ({ imageUrl: _kept, ...profile }) => {
      const image: SaveProfileInput['image'] = pending
        ? { kind: 'new', jpeg: pending }
        : removed
          ? { kind: 'remove' }
          : { kind: 'keep', path: patient.imageUrl };
      return save.mutateAsync({ profile, image });
    },
    onReply: () => {
      setPending(null);
      setRemoved(false);
      showSuccess(t('patients.profile.saved'));
    },
    onError: (error, form) => {
      if (error instanceof ImageRefusedError) form.setFailure(message(FailedCode.UnsupportedFile));
      else if (isUploadTooLarge(error)) form.setFailure(t('image.tooLarge', { size: uploadMaxMegabytes }));
    },
  });
  const { failure } = form;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="profile-heading">
      <Title order={3} id="profile-heading" mb="md">
        {t('patients.profile.title')}
      </Title>
      <form noValidate onSubmit={form.onSubmit} aria-labelledby="profile-heading">
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
            <PatientProfileFields unit={unit} form={form} />
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
