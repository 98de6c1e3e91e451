import { statusTransitions, type Exercise, type ExerciseStatus } from '@clinic/contract';
import { Anchor, Badge, Button, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { showToast } from '../../../shared/notices/toasts.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { SortableHeader, type SortState } from '../../../shared/ui/sortable-header.tsx';
import { useDeleteExercise } from '../api/delete-exercise.ts';
import type { ExerciseSorting } from '../api/list-patient-exercises.ts';
import { useUpdateExerciseStatus } from '../api/update-exercise-status.ts';
import { statusColors } from './exercise-labels.ts';
import { useExerciseText } from './use-exercise-text.ts';

/** The status changes a clinician offers, with their labels and confirm questions. */
const actionKeys = {
  1: { label: 'exercises.actions.terminate', confirm: 'exercises.confirm.terminate' },
  2: { label: 'exercises.actions.accomplish', confirm: 'exercises.confirm.accomplish' },
  5: { label: 'exercises.actions.cancel', confirm: 'exercises.confirm.cancel' },
} as const;
type ActionStatus = keyof typeof actionKeys;

/** The status of an exercise as a badge, with a past-due marker. */
export function ExerciseStatusBadge({ exercise }: { exercise: Exercise }): ReactElement {
  const { t } = useTranslation();
  const text = useExerciseText();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={statusColors[exercise.exerciseStatus] ?? 'gray'} variant="light">
        {text.status(exercise.exerciseStatus)}
      </Badge>
      {exercise.isPastDue && (
        <Badge color="orange" variant="outline">
          {t('exercises.pastDue')}
        </Badge>
      )}
    </Group>
  );
}

function ExerciseActions({ exercise, onEdit }: { exercise: Exercise; onEdit: (exercise: Exercise) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const text = useExerciseText();
  const updateStatus = useUpdateExerciseStatus();
  const remove = useDeleteExercise();
  const [pending, setPending] = useState<ActionStatus | 'delete' | null>(null);
  const moves = (statusTransitions[exercise.exerciseStatus as ExerciseStatus] ?? []).filter(
    (status): status is ActionStatus => status in actionKeys,
  );
  const waiting = exercise.exerciseStatus === 0;
  const name = `${text.position(exercise.position)} · ${text.mode(exercise.mode)}`;

  const confirm = async (): Promise<void> => {
    if (pending === null) return;
    try {
      const reply =
        pending === 'delete'
          ? await remove.mutateAsync(exercise.seqExercise)
          : await updateStatus.mutateAsync({ seqExercise: exercise.seqExercise, exerciseStatus: pending });
      if (reply.isSuccess) showSuccess(pending === 'delete' ? t('exercises.deleted') : t('exercises.statusChanged'));
      else showToast({ color: 'red', message: message(reply.failedCode) ?? reply.failedCode });
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
    setPending(null);
  };

  return (
    <Group gap={4} wrap="nowrap">
      {waiting && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => onEdit(exercise)}
          aria-label={t('exercises.editOne', { name })}
        >
          {t('exercises.edit')}
        </Button>
      )}
      {moves.length > 0 && (
        <Menu withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" aria-label={t('exercises.changeStatusOf', { name })}>
              {t('exercises.changeStatus')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {moves.map((status) => (
              <Menu.Item key={status} onClick={() => setPending(status)}>
                {t(actionKeys[status].label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {waiting && <DeleteButton label={t('exercises.deleteOne', { name })} onClick={() => setPending('delete')} />}
      <ConfirmModal
        opened={pending !== null}
        title={pending === 'delete' ? t('exercises.deleteTitle') : pending !== null ? t(actionKeys[pending].label) : ''}
        body={
          pending === 'delete'
            ? t('exercises.confirm.delete', { name })
            : pending !== null
              ? t(actionKeys[pending].confirm, { name })
              : ''
        }
        danger={pending !== 2}
        loading={updateStatus.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Group>
  );
}

export interface ExerciseTableProps {
  exercises: readonly Exercise[];
  sort: SortState<ExerciseSorting>;
  onSort: (next: SortState<ExerciseSorting>) => void;
  /** Edit and status actions (the patient's rehab tab). */
  onEdit?: (exercise: Exercise) => void;
  /** A link per row to the patient's rehab tab (the all-patients list). */
  linkOf?: (exercise: Exercise) => string;
  /** Opens the records of one exercise. */
  onRecords?: (exercise: Exercise) => void;
}

/** Prescriptions as a sortable table: joint, mode, settings, ROM, dates and status. */
export function ExerciseTable({
  exercises,
  sort,
  onSort,
  onEdit,
  linkOf,
  onRecords,
}: ExerciseTableProps): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useExerciseText();
  if (exercises.length === 0) return <Text c="dimmed">{t('exercises.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={t('exercises.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {linkOf && (
              <SortableHeader sortKey="patientName" sort={sort} onSort={onSort}>
                {t('exercises.columns.patient')}
              </SortableHeader>
            )}
            <SortableHeader sortKey="position" sort={sort} onSort={onSort}>
              {t('exercises.fields.position')}
            </SortableHeader>
            <SortableHeader sortKey="mode" sort={sort} onSort={onSort}>
              {t('exercises.fields.mode')}
            </SortableHeader>
            <Table.Th>{t('exercises.columns.program')}</Table.Th>
            <Table.Th>{t('exercises.columns.rom')}</Table.Th>
            <SortableHeader sortKey="createdAt" sort={sort} onSort={onSort}>
              {t('exercises.columns.createdAt')}
            </SortableHeader>
            <SortableHeader sortKey="dueDate" sort={sort} onSort={onSort}>
              {t('exercises.fields.dueDate')}
            </SortableHeader>
            <SortableHeader sortKey="exerciseStatus" sort={sort} onSort={onSort}>
              {t('exercises.columns.status')}
            </SortableHeader>
            {(onEdit ?? onRecords) && (
              <Table.Th>
                <VisuallyHidden>{t('exercises.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exercises.map((exercise) => (
            <Table.Tr key={exercise.seqExercise}>
              {linkOf && (
                <Table.Td>
                  <Anchor component={Link} to={linkOf(exercise)} size="sm">
                    {exercise.patientName}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td>
                {text.position(exercise.position)} · {text.direction(exercise.direction)}
              </Table.Td>
              <Table.Td>{text.mode(exercise.mode)}</Table.Td>
              <Table.Td>
                {exercise.timePerSetMinutes !== null
                  ? t('exercises.programTime', { minutes: exercise.timePerSetMinutes, sets: exercise.sets })
                  : t('exercises.programCount', { count: exercise.countPerSet ?? 0, sets: exercise.sets })}
                {' · '}
                {t('exercises.perDay', { count: exercise.frequency })}
              </Table.Td>
              <Table.Td>
                {text.degrees(exercise.minRom)} – {text.degrees(exercise.maxRom)}
              </Table.Td>
              <Table.Td>{formatDate(exercise.createdAt, i18n.language)}</Table.Td>
              <Table.Td>{formatDate(exercise.dueDate, i18n.language)}</Table.Td>
              <Table.Td>
                <ExerciseStatusBadge exercise={exercise} />
              </Table.Td>
              {(onEdit ?? onRecords) && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {onRecords && (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => onRecords(exercise)}
                        aria-label={t('exercises.recordsOf', {
                          name: `${text.position(exercise.position)} · ${text.mode(exercise.mode)}`,
                        })}
                      >
                        {t('exercises.records')}
                      </Button>
                    )}
                    {onEdit && <ExerciseActions exercise={exercise} onEdit={onEdit} />}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
