import type { DeviceType, Exercise } from '@clinic/contract';
import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../shared/ui/sortable-header.tsx';
import { usePatientExercises, type ExerciseSorting } from '../api/list-patient-exercises.ts';
import { ExerciseForm } from './exercise-form.tsx';
import { ExerciseTable } from './exercise-table.tsx';
import { Pager } from './pager.tsx';

const pageSize = 20;

/** The rehab tab: a patient's prescriptions, with assigning, editing, status changes and deletion. */
export function PatientExercises({
  seqMedicalRelation,
  deviceType,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
}): ReactElement {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortState<ExerciseSorting>>({ key: 'createdAt', direction: 'desc' });
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Exercise | 'new' | null>(null);
  const list = usePatientExercises({
    seqMedicalRelation,
    deviceType,
    page,
    size: pageSize,
    sortingParam: sort.key,
    isDesc: sort.direction === 'desc',
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('exercises.prescriptions')}</Title>
        <Button onClick={() => setEditing('new')}>{t('exercises.assign')}</Button>
      </Group>
      {list.isPending && <Loader aria-label={t('common.loading')} />}
      {list.isError && (
        <Alert color="red">
          {t('common.loadFailed')}{' '}
          <Button variant="subtle" size="xs" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {list.data && (
        <>
          <ExerciseTable
            exercises={list.data.exerciseList}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(0);
            }}
            onEdit={setEditing}
          />
          <Pager page={page} size={pageSize} total={list.data.totalCount} onChange={setPage} />
        </>
      )}
      {editing !== null && (
        <ExerciseForm
          seqMedicalRelation={seqMedicalRelation}
          deviceType={deviceType}
          exercise={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
