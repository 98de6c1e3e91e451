import { languages, profileRules, updateManagerInfo, type ManagerProfile } from '@clinic/contract';
import { Alert, Button, Group, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
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

function initialsOf(first: string, last: string): string {
  return `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase();
}

/** My page "profile": name, photo, e-signature, specialty, background, languages, education, experience, clinic. */
export function ProfileForm({ manager }: { manager: ManagerProfile }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveManagerProfile();
  const [firstName, setFirstName] = useState(manager.firstName);
  const [lastName, setLastName] = useState(manager.lastName);
  const [specialty, setSpecialty] = useState(manager.managerSpecialty ?? '');
  const [background, setBackground] = useState(manager.managerBackground ?? '');
  const [education, setEducation] = useState(manager.managerProfessionalEducation ?? '');
  const [years, setYears] = useState<number | ''>(manager.managerYearsOfExperience ?? '');
  const [spoken, setSpoken] = useState<string[]>(manager.managerLanguageList);
  const [clinicName, setClinicName] = useState(manager.managerClinicName ?? '');
  const [clinicAddress, setClinicAddress] = useState(manager.managerClinicAddress ?? '');
  const [image, setImage] = useState<ImageState>(untouched);
  const [signature, setSignature] = useState<ImageState>(untouched);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = updateManagerInfo.request.safeParse({
      firstName,
      lastName,
      managerSpecialty: specialty.trim() || null,
      managerBackground: background.trim() || null,
      managerLanguageList: spoken,
      managerProfessionalEducation: education.trim() || null,
      managerYearsOfExperience: years === '' ? null : years,
      managerClinicName: clinicName.trim() || null,
      managerClinicAddress: clinicAddress.trim() || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ profile: parsed.data, image: changeOf(image), signature: changeOf(signature) });
      setImage(untouched);
      setSignature(untouched);
      showSuccess(t('profile.saved'));
    } catch (error) {
      if (error instanceof ImageRefusedError) setFailure(message(error.message) ?? message('CM0415'));
      else if (isApiError(error) && error.status === 413) setFailure(t('image.tooLarge', { size: uploadMaxMegabytes }));
      else if (isApiError(error) && error.fields.length > 0) setErrors(fieldErrorsOfReply(error.fields));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('profile.formTitle')}>
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
            value={firstName}
            onChange={setFirstName}
            maxLength={50}
            error={errors.firstName}
          />
          <TextField
            label={t('profile.lastName')}
            value={lastName}
            onChange={setLastName}
            maxLength={50}
            error={errors.lastName}
          />
        </SimpleGrid>
        <TextField
          label={t('profile.specialty')}
          value={specialty}
          onChange={setSpecialty}
          maxLength={profileRules.specialtyMax}
          error={errors.managerSpecialty}
        />
        <NumberField
          label={t('profile.experience')}
          value={years}
          onChange={setYears}
          min={0}
          max={profileRules.yearsMax}
          error={errors.managerYearsOfExperience}
        />
        <TagsInput
          label={t('profile.languages')}
          description={t('profile.languagesHint')}
          data={languages.map((tag) => t(`language.names.${tag}`))}
          value={spoken}
          onChange={setSpoken}
          maxTags={profileRules.languagesMax}
          error={message(errors.managerLanguageList)}
          clearable
        />
        <TextareaField
          label={t('profile.background')}
          value={background}
          onChange={setBackground}
          maxLength={profileRules.textMax}
          error={errors.managerBackground}
        />
        <TextareaField
          label={t('profile.education')}
          value={education}
          onChange={setEducation}
          maxLength={profileRules.textMax}
          error={errors.managerProfessionalEducation}
        />
        <TextField
          label={t('profile.clinicName')}
          description={t('profile.clinicHint')}
          value={clinicName}
          onChange={setClinicName}
          maxLength={profileRules.clinicNameMax}
          error={errors.managerClinicName}
        />
        <TextareaField
          label={t('profile.clinicAddress')}
          value={clinicAddress}
          onChange={setClinicAddress}
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
