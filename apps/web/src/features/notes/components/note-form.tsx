import { noteFields, rules, type ManagerNote } from '@clinic/contract';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
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
  const [title, setTitle] = useState(note?.noteTitle ?? '');
  const [content, setContent] = useState(note?.noteContent ?? '');
  const [isImportant, setImportant] = useState(note?.isImportant ?? false);
  const [isPublic, setPublic] = useState(note?.isPublic ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const heading = note ? t('notes.editTitle') : t('notes.addTitle');

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = noteFields.safeParse({ noteTitle: title, noteContent: content, isImportant, isPublic });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed));
      return;
    }
    try {
      await save.mutateAsync({ seqManagerNote: note?.seqManagerNote, note: parsed.data });
      showSuccess(note ? t('notes.updated') : t('notes.added'));
      onClose();
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <Modal opened onClose={onClose} title={heading} size="lg">
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={heading}>
        <Stack gap="sm">
          <TextField
            label={t('notes.fields.title')}
            value={title}
            onChange={(value) => {
              setTitle(value);
              setErrors(({ noteTitle: _removed, ...rest }) => rest);
            }}
            maxLength={rules.noteTitleMax}
            error={errors.noteTitle}
            required
            data-autofocus
          />
          <TextareaField
            label={t('notes.fields.content')}
            value={content}
            onChange={(value) => {
              setContent(value);
              setErrors(({ noteContent: _removed, ...rest }) => rest);
            }}
            maxLength={rules.noteMax}
            minRows={6}
            error={errors.noteContent}
            required
          />
          <RadioField
            label={t('notes.fields.visibility')}
            value={isPublic ? 'public' : 'private'}
            onChange={(value) => setPublic(value === 'public')}
            options={[
              { value: 'private', label: t('notes.privateOption') },
              { value: 'public', label: t('notes.publicOption') },
            ]}
          />
          <Checkbox
            label={t('notes.fields.important')}
            checked={isImportant}
            onChange={(event) => setImportant(event.currentTarget.checked)}
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
