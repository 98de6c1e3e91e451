import { scheduleRules, type Schedule } from '@clinic/contract';
import { ActionIcon, Button, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { showErrorBanner } from '../../../shared/notices/banners.ts';
import { ThumbnailList } from '../../../shared/ui/image/thumbnail-list.tsx';
import { saveScheduleNoteRequest } from '../../../shared/api/save-schedule-note.ts';
import { Icon } from '../../../shared/ui/icons.tsx';

/** The note editor: Save turns to Saved while the text and the star are what the server has. */
function VisitNote({ schedule, onAlert }: { schedule: Schedule; onAlert: (text: string) => void }): ReactElement {
  const { t } = useTranslation();
  const [saved, setSaved] = useState({ note: schedule.scheduleNote ?? '', important: schedule.isNoteImportant });
  const [note, setNote] = useState(saved.note);
  const [important, setImportant] = useState(saved.important);
  const [saving, setSaving] = useState(false);
  const isSaved = note === saved.note && important === saved.important;

  const save = async (): Promise<void> => {
    setSaving(true);
    try {
      const reply = await saveScheduleNoteRequest(
        { seqSchedule: schedule.seqSchedule, scheduleNote: note, isNoteImportant: important },
        { silent: true },
      );
      if (reply.data.isSuccess) setSaved({ note, important });
    } catch (error) {
      // SPEC 8 "HTTP": a 401 while saving the note is an unexpected error; others get their banner.
      if (isApiError(error) && error.kind !== 'sessionExpired') showErrorBanner(error);
      else onAlert(t('videoCall.errors.unexpected'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('videoCall.panel.note')}
        </Text>
        <Tooltip label={important ? t('videoCall.panel.notImportant') : t('videoCall.panel.important')}>
          <ActionIcon
            variant="subtle"
            color={important ? 'yellow' : 'gray'}
            aria-pressed={important}
            aria-label={t('videoCall.panel.important')}
            onClick={() => setImportant((value) => !value)}
          >
            <Icon name={important ? 'starFilled' : 'star'} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TextareaField
        label={t('videoCall.panel.note')}
        labelProps={{ style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
        value={note}
        onChange={setNote}
        maxLength={scheduleRules.noteMax}
        minRows={8}
        maxRows={16}
      />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving} disabled={isSaved} variant={isSaved ? 'light' : 'filled'}>
          {isSaved ? t('videoCall.panel.saved') : t('videoCall.panel.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function Symptoms({
  schedule,
  onOpenPhoto,
}: {
  schedule: Schedule;
  onOpenPhoto: (index: number) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={schedule.scheduleSymptoms ? undefined : 'dimmed'}>
        {schedule.scheduleSymptoms || t('videoCall.panel.noSymptoms')}
      </Text>
      <Text fw={600} size="sm">
        {t('videoCall.panel.photos')}
      </Text>
      {schedule.schedulePhotoList.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('videoCall.panel.noPhotos')}
        </Text>
      ) : (
        <ThumbnailList
          paths={schedule.schedulePhotoList}
          size={88}
          labelOf={(index) => t('videoCall.panel.openPhoto', { number: index + 1 })}
          onSelect={onOpenPhoto}
        />
      )}
    </Stack>
  );
}

/** SPEC 2 side panel: the visit note and the patient's symptoms. */
export function SidePanel({
  schedule,
  onAlert,
  onOpenPhoto,
}: {
  schedule: Schedule;
  onAlert: (text: string) => void;
  onOpenPhoto: (index: number) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="note" keepMounted>
      <Tabs.List grow>
        <Tabs.Tab value="note">{t('videoCall.panel.noteTab')}</Tabs.Tab>
        <Tabs.Tab value="symptoms">{t('videoCall.panel.symptomsTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="note" pt="sm">
        <VisitNote schedule={schedule} onAlert={onAlert} />
      </Tabs.Panel>
      <Tabs.Panel value="symptoms" pt="sm">
        <Symptoms schedule={schedule} onOpenPhoto={onOpenPhoto} />
      </Tabs.Panel>
    </Tabs>
  );
}
