import type { DeviceType, Exercise } from '@clinic/contract';
import { Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import type { SortState } from '../../../shared/ui/sortable-header.tsx';
import { usePatientRecords, type RecordSorting } from '../api/get-patient-records.ts';
import { useSelectedExerciseRecords } from '../api/get-selected-exercise-records.ts';
import { usePatientExercises, type ExerciseSorting } from '../api/list-patient-exercises.ts';
import { useChartPeriod } from '../hooks/use-chart-period.ts';
import { ExerciseTable } from './exercise-table.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { RecordTable } from './record-table.tsx';
import { RomChartPanel } from './rom-chart-panel.tsx';
import { daySeconds } from './rom-series.ts';
import { useExerciseText } from './use-exercise-text.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useReturnFocus } from '../../../shared/ui/use-return-focus.ts';

const pageSize = 20;

/** The records the device made for one exercise. */
function ExerciseRecords({ exercise, onClose }: { exercise: Exercise; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  useReturnFocus();
  const text = useExerciseText();
  const records = useSelectedExerciseRecords(exercise.seqExercise);
  return (
    <Modal
      opened
      onClose={onClose}
      size="100%"
      title={t('exercises.recordsOf', { name: `${text.position(exercise.position)} · ${text.mode(exercise.mode)}` })}
    >
      {records.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {records.isError && <LoadFailed onRetry={() => void records.refetch()} />}
      {records.data && <RecordTable records={records.data} />}
    </Modal>
  );
}

/** The history tab: the ROM chart, what is drawn on its days below it, the device records of its period, and the records of each prescription. */
export function PatientHistory({
  seqMedicalRelation,
  deviceType,
  belowChart,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
  /** Drawn under the ROM chart on its first and last day (Unix seconds): the questionnaire scores. */
  belowChart?: (span: readonly [number, number]) => ReactNode;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const period = useChartPeriod({ fromAddress: true });
  const { startDate, endDate } = period.shown;
  const span = useMemo(() => [daySeconds(startDate), daySeconds(endDate)] as const, [startDate, endDate]);
  const [recordSort, setRecordSort] = useState<SortState<RecordSorting>>({
    key: 'usageStartDatetime',
    direction: 'desc',
  });
  // Another period starts the records again on their first page.
  const [recordPaging, setRecordPaging] = useState({ startDate, endDate, page: 1 });
  const recordPage = recordPaging.startDate === startDate && recordPaging.endDate === endDate ? recordPaging.page : 1;
  const setRecordPage = (page: number): void => setRecordPaging({ startDate, endDate, page });
  const [exerciseSort, setExerciseSort] = useState<SortState<ExerciseSorting>>({ key: 'createdAt', direction: 'desc' });
  const [exercisePage, setExercisePage] = useState(1);
  const [selected, setSelected] = useState<Exercise | null>(null);
  const records = usePatientRecords({
    seqMedicalRelation,
    page: recordPage,
    size: pageSize,
    sortingParam: recordSort.key,
    isDesc: recordSort.direction === 'desc',
    startDate,
    endDate,
  });
  const exercises = usePatientExercises({
    seqMedicalRelation,
    deviceType,
    page: exercisePage,
    size: 10,
    sortingParam: exerciseSort.key,
    isDesc: exerciseSort.direction === 'desc',
  });
  return (
    <Stack gap="lg">
      <RomChartPanel seqMedicalRelation={seqMedicalRelation} deviceType={deviceType} period={period} />
      {belowChart?.(span)}
      <Stack gap="sm">
        <Title order={3}>{t('exercises.recordsTitle')}</Title>
        <Text size="sm" c="dimmed" data-testid="records-period">
          {t('exercises.recordsInPeriod', {
            from: formatDate(startDate, i18n.language),
            to: formatDate(endDate, i18n.language),
          })}
        </Text>
        {records.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {records.isError && <LoadFailed onRetry={() => void records.refetch()} />}
        {records.data && (
          <>
            <RecordTable
              records={records.data.recordList}
              emptyText={t('exercises.chart.empty')}
              sort={recordSort}
              onSort={(next) => {
                setRecordSort(next);
                setRecordPage(1);
              }}
            />
            <Pager
              page={recordPage}
              size={pageSize}
              total={records.data.totalCount}
              onChange={setRecordPage}
              totalLabel={t('exercises.total', { count: records.data.totalCount })}
            />
          </>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={3}>{t('exercises.byPrescription')}</Title>
        {exercises.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {exercises.isError && <LoadFailed onRetry={() => void exercises.refetch()} />}
        {exercises.data && (
          <>
            <ExerciseTable
              exercises={exercises.data.exerciseList}
              sort={exerciseSort}
              onSort={(next) => {
                setExerciseSort(next);
                setExercisePage(1);
              }}
              onRecords={setSelected}
            />
            <Pager
              page={exercisePage}
              size={10}
              total={exercises.data.totalCount}
              onChange={setExercisePage}
              totalLabel={t('exercises.total', { count: exercises.data.totalCount })}
            />
          </>
        )}
      </Stack>
      {selected && <ExerciseRecords exercise={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
