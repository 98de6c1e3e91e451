import { useContractForm } from '@clinic/client/contract-form';
import { noteFields, rules, type ManagerNote } from '@clinic/contract';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useSaveNote } from '../api/notes.ts';
import { useReturnFocus } from '../../../shared/ui/use-return-focus.ts';

/** Writes a new note or changes one: title, content (up to 4095 characters), importance and visibility. */
export function NoteForm({
  seqMedicalRelation,
  note,
  onClose,
}: {
  seqMedicalRelation: number;
  /** The note being edited, or null for a new one. */
  note: ManagerNote | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  useReturnFocus();
  const save = useSaveNote(seqMedicalRelation);
  const form = useContractForm({
    initialValues: {
      noteTitle: note?.noteTitle ?? '',
      noteContent: note?.noteContent ?? '',
      isImportant: note?.isImportant ?? false,
      isPublic: note?.isPublic ?? false,
    },
    schema: noteFields,
    send: (fields) => save.mutateAsync({ seqManagerNote: note?.seqManagerNote, note: fields }),
    replyFieldsUnder: 'note',
    onReply: () => {
      showSuccess(note ? t('notes.updated') : t('notes.added'));
      onClose();
    },
  });
  const { values, errors } = form;
  const heading = note ? t('notes.editTitle') : t('notes.addTitle');

  return (
    <Modal opened onClose={onClose} title={heading} size="lg">
      <form noValidate onSubmit={form.onSubmit} aria-label={heading}>
        <Stack gap="sm">
          <TextField
            label={t('notes.fields.title')}
            value={values.noteTitle}
            onChange={(value) => form.setValue('noteTitle', value)}
            maxLength={rules.noteTitleMax}
            error={errors.noteTitle}
            required
            data-autofocus
          />
          <TextareaField
            label={t('notes.fields.content')}
            value={values.noteContent}
            onChange={(value) => form.setValue('noteContent', value)}
            maxLength={rules.noteMax}
            minRows={6}
            error={errors.noteContent}
            required
          />
          <RadioField
            label={t('notes.fields.visibility')}
            value={values.isPublic ? 'public' : 'private'}
            onChange={(value) => form.setValue('isPublic', value === 'public')}
            options={[
              { value: 'private', label: t('notes.privateOption') },
              { value: 'public', label: t('notes.publicOption') },
            ]}
          />
          <Checkbox
            label={t('notes.fields.important')}
            checked={values.isImportant}
            onChange={(event) => form.setValue('isImportant', event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('notes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
