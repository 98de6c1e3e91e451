import { useContractForm } from '@clinic/client/contract-form';
import { languages, profileRules, updateManagerInfo, type ManagerProfile } from '@clinic/contract';
import { Alert, Button, Group, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { uploadMaxMegabytes } from '../../../shared/image/image-file.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ImageSelector } from '../../../shared/ui/image/image-selector.tsx';
import { ImageRefusedError } from '../../../shared/api/upload-profile-image.ts';
import { useSaveManagerProfile, type ProfileImageChange } from '../api/update-manager-info.ts';

interface ImageState {
  pending: Blob | null;
  removed: boolean;
}
const untouched: ImageState = { pending: null, removed: false };

function changeOf(state: ImageState): ProfileImageChange {
  if (state.pending) return { kind: 'new', jpeg: state.pending };
  return state.removed ? { kind: 'remove' } : { kind: 'keep' };
}

/** The form's values: the request's fields, with '' for an empty text or number. */
function valuesOf(manager: ManagerProfile) {
  return {
    firstName: manager.firstName,
    lastName: manager.lastName,
    managerSpecialty: manager.managerSpecialty ?? '',
    managerBackground: manager.managerBackground ?? '',
    managerLanguageList: manager.managerLanguageList,
    managerProfessionalEducation: manager.managerProfessionalEducation ?? '',
    managerYearsOfExperience: manager.managerYearsOfExperience ?? ('' as const),
    managerClinicName: manager.managerClinicName ?? '',
    managerClinicAddress: manager.managerClinicAddress ?? '',
  };
}
type ProfileValues = ReturnType<typeof valuesOf>;

function requestOf(values: ProfileValues): unknown {
  return {
    ...values,
    managerSpecialty: values.managerSpecialty.trim() || null,
    managerBackground: values.managerBackground.trim() || null,
    managerProfessionalEducation: values.managerProfessionalEducation.trim() || null,
    managerYearsOfExperience: values.managerYearsOfExperience === '' ? null : values.managerYearsOfExperience,
    managerClinicName: values.managerClinicName.trim() || null,
    managerClinicAddress: values.managerClinicAddress.trim() || null,
  };
}

function initialsOf(first: string, last: string): string {
  return `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase();
}

/** My page "profile": name, photo, e-signature, specialty, background, languages, education, experience, clinic. */
export function ProfileForm({ manager }: { manager: ManagerProfile }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveManagerProfile();
  const [image, setImage] = useState<ImageState>(untouched);
  const [signature, setSignature] = useState<ImageState>(untouched);
  const [initialValues] = useState(() => valuesOf(manager));
  const form = useContractForm({
    initialValues,
    schema: updateManagerInfo.request,
    toRequest: requestOf,
    send: (profile) => save.mutateAsync({ profile, image: changeOf(image), signature: changeOf(signature) }),
    onReply: () => {
      setImage(untouched);
      setSignature(untouched);
      showSuccess(t('profile.saved'));
    },
    onError: (error, form) => {
      if (error instanceof ImageRefusedError) form.setFailure(message(error.message) ?? message('CM0415'));
      else if (isApiError(error) && error.status === 413) {
        form.setFailure(t('image.tooLarge', { size: uploadMaxMegabytes }));
      }
    },
  });
  const { values, errors, failure, setValue: set } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('profile.formTitle')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('profile.image')}
            </Text>
            <ImageSelector
              path={manager.managerImageUrl}
              pending={image.pending}
              removed={image.removed}
              onCropped={(jpeg) => setImage({ pending: jpeg, removed: false })}
              onRemove={() => setImage({ pending: null, removed: true })}
              alt={t('profile.imageAlt')}
              fallback={initialsOf(manager.firstName, manager.lastName)}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('profile.signature')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('profile.signatureHint')}
            </Text>
            <ImageSelector
              path={manager.managerESignatureImageUrl}
              pending={signature.pending}
              removed={signature.removed}
              onCropped={(jpeg) => setSignature({ pending: jpeg, removed: false })}
              onRemove={() => setSignature({ pending: null, removed: true })}
              alt={t('profile.signatureAlt')}
            />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            label={t('profile.firstName')}
            value={values.firstName}
            onChange={(value) => set('firstName', value)}
            maxLength={50}
            error={errors.firstName}
          />
          <TextField
            label={t('profile.lastName')}
            value={values.lastName}
            onChange={(value) => set('lastName', value)}
            maxLength={50}
            error={errors.lastName}
          />
        </SimpleGrid>
        <TextField
          label={t('profile.specialty')}
          value={values.managerSpecialty}
          onChange={(value) => set('managerSpecialty', value)}
          maxLength={profileRules.specialtyMax}
          error={errors.managerSpecialty}
        />
        <NumberField
          label={t('profile.experience')}
          value={values.managerYearsOfExperience}
          onChange={(value) => set('managerYearsOfExperience', value)}
          min={0}
          max={profileRules.yearsMax}
          error={errors.managerYearsOfExperience}
        />
        <TagsInput
          label={t('profile.languages')}
          description={t('profile.languagesHint')}
          data={languages.map((tag) => t(`language.names.${tag}`))}
          value={values.managerLanguageList}
          onChange={(value) => set('managerLanguageList', value)}
          maxTags={profileRules.languagesMax}
          error={message(errors.managerLanguageList)}
          clearable
        />
        <TextareaField
          label={t('profile.background')}
          value={values.managerBackground}
          onChange={(value) => set('managerBackground', value)}
          maxLength={profileRules.textMax}
          error={errors.managerBackground}
        />
        <TextareaField
          label={t('profile.education')}
          value={values.managerProfessionalEducation}
          onChange={(value) => set('managerProfessionalEducation', value)}
          maxLength={profileRules.textMax}
          error={errors.managerProfessionalEducation}
        />
        <TextField
          label={t('profile.clinicName')}
          description={t('profile.clinicHint')}
          value={values.managerClinicName}
          onChange={(value) => set('managerClinicName', value)}
          maxLength={profileRules.clinicNameMax}
          error={errors.managerClinicName}
        />
        <TextareaField
          label={t('profile.clinicAddress')}
          value={values.managerClinicAddress}
          onChange={(value) => set('managerClinicAddress', value)}
          maxLength={profileRules.clinicAddressMax}
          error={errors.managerClinicAddress}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
