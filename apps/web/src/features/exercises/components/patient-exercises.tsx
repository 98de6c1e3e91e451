import type { DeviceType, Exercise } from '@clinic/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../shared/ui/sortable-header.tsx';
import { usePatientExercises, type ExerciseSorting } from '../api/list-patient-exercises.ts';
import { ExerciseForm } from './exercise-form.tsx';
import { PagedExerciseTable, exercisePageSize } from './paged-exercise-table.tsx';

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
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Exercise | 'new' | null>(null);
  const list = usePatientExercises({
    seqMedicalRelation,
    deviceType,
    page,
    size: exercisePageSize,
    sortingParam: sort.key,
    isDesc: sort.direction === 'desc',
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('exercises.prescriptions')}</Title>
        <Button onClick={() => setEditing('new')}>{t('exercises.assign')}</Button>
      </Group>
      <PagedExerciseTable list={list} sort={sort} setSort={setSort} page={page} setPage={setPage} onEdit={setEditing} />
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
