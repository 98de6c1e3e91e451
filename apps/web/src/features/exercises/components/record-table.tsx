import type { ExerciseRecord } from '@clinic/contract';
import { Table, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { SortableHeader, type SortState } from '../../../shared/ui/sortable-header.tsx';
import type { RecordSorting } from '../api/get-patient-records.ts';
import { minutesClock } from './exercise-labels.ts';
import { useExerciseText } from './use-exercise-text.ts';

const plain = (value: number | null): string => (value === null ? '—' : String(Math.round(value * 10) / 10));

/** Every value a device recorded, one session a row; sortable when told how. */
export function RecordTable({
  records,
  sort,
  onSort,
  emptyText,
}: {
  records: readonly ExerciseRecord[];
  sort?: SortState<RecordSorting>;
  onSort?: (next: SortState<RecordSorting>) => void;
  /** What an empty list says; that there are no records yet unless told. */
  emptyText?: string;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useExerciseText();
  if (records.length === 0) return <Text c="dimmed">{emptyText ?? t('exercises.noRecords')}</Text>;
  const header = (key: RecordSorting, label: string): ReactElement =>
    sort && onSort ? (
      <SortableHeader sortKey={key} sort={sort} onSort={onSort} wrap>
        {label}
      </SortableHeader>
    ) : (
      <Table.Th>{label}</Table.Th>
    );
  // One speed never breaks; a range may, after its dash.
  const speed = (value: number): ReactElement => (
    <span style={{ whiteSpace: 'nowrap' }}>{t('exercises.speedValue', { value: plain(value) })}</span>
  );
  return (
    // Fits the content area beside the menu at 1280 px; narrower screens scroll it sideways.
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={t('exercises.recordsLabel')} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {header('usageStartDatetime', t('exercises.recordColumns.start'))}
            <Table.Th>{t('exercises.fields.position')}</Table.Th>
            <Table.Th>{t('exercises.fields.mode')}</Table.Th>
            <Table.Th>{t('exercises.recordColumns.count')}</Table.Th>
            <Table.Th>{t('exercises.recordColumns.minAngle')}</Table.Th>
            {header('iuppiterUsageMaxAngle', t('exercises.recordColumns.maxAngle'))}
            <Table.Th>{t('exercises.recordColumns.speed')}</Table.Th>
            <Table.Th>{t('exercises.recordColumns.torque')}</Table.Th>
            {header('deviceUsageDuration', t('exercises.recordColumns.duration'))}
            <Table.Th>{t('exercises.recordColumns.prescribed')}</Table.Th>
            <Table.Th>{t('exercises.recordColumns.review')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.seqExerciseRecord}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(record.usageStartDatetime, i18n.language)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {text.position(record.exerciseGuidePosition)} · {text.direction(record.exerciseGuideDirection)}
              </Table.Td>
              <Table.Td>{text.mode(record.iuppiterUsageMode)}</Table.Td>
              <Table.Td>{record.iuppiterUsageCount}</Table.Td>
              <Table.Td>{text.degrees(record.iuppiterUsageMinAngle)}</Table.Td>
              <Table.Td>{text.degrees(record.iuppiterUsageMaxAngle)}</Table.Td>
              <Table.Td>
                {speed(record.iuppiterUsageMinSpeed)} – {speed(record.iuppiterUsageMaxSpeed)}
              </Table.Td>
              <Table.Td>
                {record.minTorque === null && record.maxTorque === null
                  ? '—'
                  : t('exercises.torqueValue', { min: plain(record.minTorque), max: plain(record.maxTorque) })}
              </Table.Td>
              <Table.Td>{minutesClock(record.deviceUsageDuration)}</Table.Td>
              <Table.Td>
                {text.mode(record.exerciseGuideMode)},{' '}
                <span style={{ whiteSpace: 'nowrap' }}>
                  {text.degrees(record.exerciseGuideMinRom)} – {text.degrees(record.exerciseGuideMaxRom)}
                </span>
                {record.exerciseGuideTime ? `, ${record.exerciseGuideTime}` : ''}
              </Table.Td>
              <Table.Td>
                {record.painLevel !== null && (
                  <Text span fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {t('exercises.painValue', { level: record.painLevel })}
                  </Text>
                )}
                {record.painLevel !== null && record.patientReview !== null && ' · '}
                {record.patientReview ?? (record.painLevel === null ? '—' : '')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
