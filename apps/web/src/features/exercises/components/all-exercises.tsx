import type { Exercise } from '@clinic/contract';
import { Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../shared/ui/sortable-header.tsx';
import { useMyPatientsExercises } from '../api/list-my-patients-exercises.ts';
import type { ExerciseSorting } from '../api/list-patient-exercises.ts';
import { PagedExerciseTable, exercisePageSize } from './paged-exercise-table.tsx';

/** `/rehab`: the prescriptions of all the clinician's patients on one device line, searched, sorted and paged. */
export function AllExercises({ linkOf }: { linkOf: (exercise: Exercise) => string }): ReactElement {
  const { t } = useTranslation();
  const [deviceType, setDeviceType] = useState<1 | 2>(1);
  const [search, setSearch] = useState('');
  const [searchWord] = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<SortState<ExerciseSorting>>({ key: 'createdAt', direction: 'desc' });
  const [page, setPage] = useState(1);
  const list = useMyPatientsExercises({
    deviceType,
    page,
    size: exercisePageSize,
    sortingParam: sort.key,
    isDesc: sort.direction === 'desc',
    searchWord,
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('exercises.allTitle')}</Title>
      <Group align="flex-end">
        <SegmentedControl
          aria-label={t('exercises.fields.device')}
          value={String(deviceType)}
          onChange={(value) => {
            setDeviceType(value === '2' ? 2 : 1);
            setPage(1);
          }}
          data={[
            { value: '1', label: t('exercises.devices.home') },
            { value: '2', label: t('exercises.devices.pro') },
          ]}
        />
        <TextInput
          label={t('exercises.search')}
          placeholder={t('exercises.searchPlaceholder')}
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <PagedExerciseTable list={list} sort={sort} setSort={setSort} page={page} setPage={setPage} linkOf={linkOf} />
    </Stack>
  );
}
