import type { ManagerNote } from '@clinic/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { useMarkImportant, useNotePage, useRemoveNote, type NoteVisibility } from '../api/notes.ts';
import { NoteForm } from './note-form.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';

const pageSize = 10;

/** The important star: a toggle button whose pressed state says whether the note is starred. */
function StarButton({ note, seqMedicalRelation }: { note: ManagerNote; seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const mark = useMarkImportant(seqMedicalRelation);
  const label = t('notes.star', { title: note.noteTitle });
  return (
    <Tooltip label={note.isImportant ? t('notes.unstarHint') : t('notes.starHint')} withinPortal>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={label}
        aria-pressed={note.isImportant}
        loading={mark.isPending}
        onClick={() => mark.mutate({ seqManagerNote: note.seqManagerNote, isImportant: !note.isImportant })}
      >
        <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
          {note.isImportant ? '★' : '☆'}
        </span>
      </ActionIcon>
    </Tooltip>
  );
}

export function NoteCard({
  note,
  seqMedicalRelation,
  onEdit,
  onRemove,
}: {
  note: ManagerNote;
  seqMedicalRelation: number;
  onEdit?: (note: ManagerNote) => void;
  onRemove?: (note: ManagerNote) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Card component="li" withBorder padding="sm" aria-label={note.noteTitle}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{note.noteTitle}</Text>
            <Badge size="xs" variant="outline" color={note.isPublic ? 'gray' : 'orange'}>
              {note.isPublic ? t('notes.public') : t('notes.private')}
            </Badge>
            {note.isImportant && (
              <Badge size="xs" color="yellow">
                {t('notes.important')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(note.updatedAt, i18n.language)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <StarButton note={note} seqMedicalRelation={seqMedicalRelation} />
          {onEdit && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => onEdit(note)}
              aria-label={t('notes.edit', { title: note.noteTitle })}
            >
              {t('notes.editShort')}
            </Button>
          )}
          {onRemove && (
            <DeleteButton label={t('notes.remove', { title: note.noteTitle })} onClick={() => onRemove(note)} />
          )}
        </Group>
      </Group>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {note.noteContent}
      </Text>
    </Card>
  );
}

/** The notes tab: paged list (important first), a public/private filter, add, edit, star and remove. */
export function NoteBoard({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [visibility, setVisibility] = useState<NoteVisibility>('all');
  const [editing, setEditing] = useState<ManagerNote | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ManagerNote>();
  const remove = useRemoveNote(seqMedicalRelation);
  const notes = useNotePage({ seqMedicalRelation, startIndex: (page - 1) * pageSize, size: pageSize, visibility });

  const confirmRemove = async (): Promise<void> => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.seqManagerNote);
      showSuccess(t('notes.removed'));
      if (notes.data?.noteList.length === 1 && page > 1) setPage(page - 1);
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
    setRemoving(undefined);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="notes-heading">
      <Group justify="space-between" mb="md">
        <Title order={3} id="notes-heading">
          {t('notes.title')}
        </Title>
        <Group>
          <SegmentedControl
            aria-label={t('notes.filterLabel')}
            value={visibility}
            onChange={(value) => {
              setVisibility(value === 'public' || value === 'private' ? value : 'all');
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('notes.filterAll') },
              { value: 'public', label: t('notes.filterPublic') },
              { value: 'private', label: t('notes.filterPrivate') },
            ]}
          />
          <Button onClick={() => setEditing(null)}>{t('notes.add')}</Button>
        </Group>
      </Group>
      {notes.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {notes.isError && <LoadFailed onRetry={() => void notes.refetch()} />}
      {notes.data?.noteList.length === 0 && <Text c="dimmed">{t('notes.empty')}</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('notes.title')}>
        {notes.data?.noteList.map((note) => (
          <NoteCard
            key={note.seqManagerNote}
            note={note}
            seqMedicalRelation={seqMedicalRelation}
            onEdit={setEditing}
            onRemove={setRemoving}
          />
        ))}
      </Stack>
      <Pager page={page} size={pageSize} total={notes.data?.totalCount ?? 0} onChange={setPage} />
      {editing !== undefined && (
        <NoteForm
          key={editing?.seqManagerNote ?? 'new'}
          seqMedicalRelation={seqMedicalRelation}
          note={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmModal
        opened={removing !== undefined}
        title={t('notes.removeTitle')}
        body={t('notes.removeBody', { title: removing?.noteTitle ?? '' })}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => void confirmRemove()}
        loading={remove.isPending}
      />
    </Paper>
  );
}

/** Dashboard: the three most recent notes (important first). */
export function LatestNotes({
  seqMedicalRelation,
  moreLink,
}: {
  seqMedicalRelation: number;
  moreLink?: ReactElement;
}): ReactElement {
  const { t } = useTranslation();
  const notes = useNotePage({ seqMedicalRelation, startIndex: 0, size: 3, visibility: 'all' });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="latest-notes-heading">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="latest-notes-heading">
          {t('notes.latest')}
        </Title>
        {moreLink}
      </Group>
      {notes.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {notes.data?.noteList.length === 0 && <Text c="dimmed">{t('notes.empty')}</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notes.data?.noteList.map((note) => (
          <NoteCard key={note.seqManagerNote} note={note} seqMedicalRelation={seqMedicalRelation} />
        ))}
      </Stack>
    </Paper>
  );
}
