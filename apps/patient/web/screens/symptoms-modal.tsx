import { imageTypes, rules, scheduleRules, type PatientSchedule } from '@clinic/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { uploadPhoto, useUpdateSymptoms } from '../api/visits.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import { formatDateTime, photoProblem } from '../visits/visits.ts';
import { PhotoThumb } from '../files/photo-thumb.tsx';

const maxMegabytes = rules.uploadMaxBytes / 1024 / 1024;

/**
 * The symptoms and photos of a waiting visit, while `visit` is given. The dialog stays mounted when
 * closed, so that it gives focus back to the button that opened it.
 */
export function SymptomsModal({ visit, onClose }: { visit?: PatientSchedule; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal opened={visit !== undefined} onClose={onClose} title={t('symptoms.title')} centered size="lg">
      {visit && <SymptomsForm key={visit.seqSchedule} visit={visit} onClose={onClose} />}
    </Modal>
  );
}

function SymptomsForm({ visit, onClose }: { visit: PatientSchedule; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(visit.scheduleSymptoms ?? '');
  const [photos, setPhotos] = useState<string[]>(visit.schedulePhotoList);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const update = useUpdateSymptoms();

  const describe = (error: unknown): string => {
    const described = errorTextOf(error, currentLanguage());
    return described.text ?? t(described.key);
  };

  const addFiles = async (files: File[]): Promise<void> => {
    const found: string[] = [];
    let attached = photos.length;
    const accepted: File[] = [];
    for (const file of files) {
      const problem = photoProblem(file, attached);
      if (problem === 'tooMany') {
        found.push(t('symptoms.tooMany', { max: scheduleRules.photosMax }));
        break;
      }
      if (problem === 'wrongType') found.push(t('symptoms.wrongType', { name: file.name }));
      else if (problem === 'tooLarge') found.push(t('symptoms.tooLarge', { name: file.name, size: maxMegabytes }));
      else {
        accepted.push(file);
        attached += 1;
      }
    }
    setProblems(found);
    if (accepted.length === 0) return;
    setUploading(true);
    try {
      for (const file of accepted) {
        try {
          const reply = await uploadPhoto(file);
          if (reply.isSuccess) setPhotos((current) => [...current, reply.publicPath].slice(0, scheduleRules.photosMax));
          else found.push(`${file.name}: ${messageText(reply.failedCode)}`);
        } catch (error) {
          found.push(`${file.name}: ${describe(error)}`);
        }
      }
    } finally {
      setUploading(false);
      setProblems([...found]);
    }
  };

  const save = async (): Promise<void> => {
    setProblems([]);
    try {
      const trimmed = text.trim();
      const reply = await update.mutateAsync({
        seqSchedule: visit.seqSchedule,
        scheduleSymptoms: trimmed === '' ? null : trimmed,
        schedulePhotoList: photos,
      });
      if (!reply.isSuccess) {
        setProblems([messageText(reply.failedCode)]);
        return;
      }
      showToast({ color: 'teal', message: t('symptoms.saved') });
      onClose();
    } catch (error) {
      setProblems([describe(error)]);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('symptoms.forVisit', {
          clinician: visit.managerName,
          date: formatDateTime(visit.scheduleExpectStartDatetime, i18n.language),
        })}
      </Text>
      <Textarea
        label={t('symptoms.text')}
        autosize
        minRows={4}
        maxRows={10}
        maxLength={scheduleRules.symptomsMax}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={t('symptoms.counter', { count: text.length, max: scheduleRules.symptomsMax })}
      />
      <div>
        <Text fw={500} size="sm" id="photos-title">
          {t('symptoms.photos')}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          {t('symptoms.photoHint', { max: scheduleRules.photosMax, size: maxMegabytes })}
        </Text>
        {photos.length > 0 && (
          <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" mb="xs" aria-labelledby="photos-title" role="list">
            {photos.map((path, index) => (
              <Box key={path} pos="relative" role="listitem">
                <PhotoThumb path={path} alt={t('symptoms.photoAlt', { number: index + 1 })} />
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  variant="filled"
                  aria-label={t('symptoms.removePhoto', { number: index + 1 })}
                  onClick={() => setPhotos((current) => current.filter((entry) => entry !== path))}
                >
                  ×
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        )}
        <FileButton
          multiple
          accept={imageTypes.join(',')}
          onChange={(files) => void addFiles(files)}
          disabled={uploading || photos.length >= scheduleRules.photosMax}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={uploading}
              disabled={uploading || photos.length >= scheduleRules.photosMax}
            >
              {t('symptoms.addPhotos')}
            </Button>
          )}
        </FileButton>
        {uploading && (
          <Text size="xs" role="status" mt={4}>
            {t('symptoms.uploading')}
          </Text>
        )}
      </div>
      {problems.length > 0 && (
        <Alert color="red" role="alert">
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text size="sm" key={problem}>
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('symptoms.close')}
        </Button>
        <Button onClick={() => void save()} loading={update.isPending} disabled={uploading}>
          {t('symptoms.save')}
        </Button>
      </Group>
    </Stack>
  );
}
