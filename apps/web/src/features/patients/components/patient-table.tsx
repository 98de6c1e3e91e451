import type { PatientListItem } from '@clinic/contract';
import { Anchor, Badge, Box, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatTime } from '../../../shared/dates/date-format.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import type { PatientSort, PatientSortKey } from '../patient-list.ts';

const rowHeight = 49;
const cellStyle = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function patientDetailsPath(seqMedicalRelation: number, search: string, tab = ''): string {
  const base = tab ? `${paths.patientDetails}/${tab}` : paths.patientDetails;
  return withLangQuery(`${base}?id=${seqMedicalRelation}`, search);
}

export interface PatientTableProps {
  patients: readonly PatientListItem[];
  sort: PatientSort;
  onSort: (sort: PatientSort) => void;
}

/**
 * The patient list as a table whose rows are virtualised: only the rows in view (and a few
 * around them) are in the page, so 10,000 patients scroll as smoothly as ten.
 */
export function PatientTable({ patients, sort, onSort }: PatientTableProps): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const tall = useMediaQuery('(min-height: 768px)', true);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: patients.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const language = i18n.language;
  const header = (key: PatientSortKey, label: string, width?: number) => (
    <SortableHeader sortKey={key} sort={sort} onSort={onSort} width={width}>
      {label}
    </SortableHeader>
  );

  return (
    <Box
      ref={scrollRef}
      h={tall ? 600 : 420}
      style={{ overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      tabIndex={0}
      role="region"
      aria-label={t('patients.list.scrollArea')}
    >
      <Table
        stickyHeader
        highlightOnHover
        aria-label={t('patients.list.tableLabel')}
        aria-rowcount={patients.length + 1}
        style={{ tableLayout: 'fixed', minWidth: 1000 }}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {header('name', t('patients.columns.name'), 200)}
            {header('age', t('patients.columns.age'), 80)}
            {header('device', t('patients.columns.device'), 100)}
            {header('status', t('patients.columns.status'), 110)}
            {header('registered', t('patients.columns.registered'), 130)}
            {header('diagnosis', t('patients.columns.diagnosis'))}
            <Table.Th w={160}>{t('patients.columns.todayVisits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={7} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const patient = patients[item.index];
            if (!patient) return null;
            return (
              <Table.Tr key={patient.seqMedicalRelation} aria-rowindex={item.index + 2} h={rowHeight}>
                <Table.Td style={cellStyle}>
                  <Anchor
                    component={Link}
                    to={patientDetailsPath(patient.seqMedicalRelation, location.search)}
                    fw={600}
                    size="sm"
                  >
                    {patient.patientName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{patient.patientAge}</Table.Td>
                <Table.Td>{t(`patients.device.${patient.deviceType}`)}</Table.Td>
                <Table.Td>
                  <Badge color={patient.isEnabled ? 'teal' : 'gray'} variant="light">
                    {patient.isEnabled ? t('patients.status.active') : t('patients.status.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(patient.createdAt, language)}</Table.Td>
                <Table.Td style={cellStyle} title={patient.primaryDiagnosis ?? undefined}>
                  {patient.primaryDiagnosis ?? (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={cellStyle}>
                  {patient.reservedSchedules.length > 0 ? (
                    patient.reservedSchedules
                      .map((schedule) => formatTime(schedule.scheduleExpectStartDatetime, language))
                      .join(', ')
                  ) : (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={7} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
      {patients.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {t('patients.list.empty')}
        </Text>
      )}
    </Box>
  );
}
