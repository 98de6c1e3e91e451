import { Anchor, Badge, Box, Table, Text, useMantineTheme, VisuallyHidden, type MantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { patientDetailsPath } from '../../../config/paths.ts';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import type { PatientRow, PatientSort, PatientSortKey } from '../patient-list.ts';

export { patientDetailsPath } from '../../../config/paths.ts';

const rowHeight = 49;
const cellStyle = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const rowStyle = { height: rowHeight } as const;
/** Mantine's Anchor (fw 600, size sm) as plain classes. */
const linkClass = `${Text.classes.root} ${Anchor.classes.root}`;
const linkStyle = {
  fontWeight: 600,
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;
const dimmedStyle = { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' } as const;

export interface PatientTableProps {
  patients: readonly PatientRow[];
  sort: PatientSort;
  onSort: (sort: PatientSort) => void;
  /** Unread messages from each patient, by relation; a patient absent has none. */
  unread?: ReadonlyMap<number, number>;
}

/** The words of the rows, in the reader's language: the same object for every row. */
interface RowLabels {
  device: Record<1 | 2, string>;
  active: string;
  inactive: string;
  unread: (count: number) => string;
}

/** The look of Mantine's badge, worked out once rather than by a Badge per row. */
function badgeStyle(theme: MantineTheme, color: string, variant: 'light' | 'filled' = 'light'): CSSProperties {
  const colors = theme.variantColorResolver({ color, theme, variant });
  return {
    '--badge-bg': colors.background,
    '--badge-color': colors.color,
    '--badge-bd': colors.border,
  } as CSSProperties;
}

const noValue = <span style={dimmedStyle}>—</span>;
const unreadStyle = { marginInlineStart: 8, verticalAlign: 'middle' } as const;

/**
 * One patient's row, in plain elements with the table's own classes: rows mount as they scroll
 * into view, so each costs little, and a row already shown is not drawn again.
 */
const PatientTableRow = memo(function PatientTableRow({
  patient,
  index,
  search,
  labels,
  badges,
  unreadCount,
}: {
  patient: PatientRow;
  index: number;
  search: string;
  labels: RowLabels;
  badges: { active: CSSProperties; inactive: CSSProperties; unread: CSSProperties };
  unreadCount: number;
}): ReactElement {
  return (
    <tr className={Table.classes.tr} data-with-row-border data-hover aria-rowindex={index + 2} style={rowStyle}>
      <td className={Table.classes.td} style={cellStyle}>
        <Link
          className={linkClass}
          data-underline="hover"
          to={patientDetailsPath(patient.seqMedicalRelation, search)}
          style={linkStyle}
        >
          {patient.patientName}
        </Link>
        {unreadCount > 0 && (
          <span
            className={Badge.classes.root}
            data-variant="filled"
            data-testid="patient-unread"
            style={{ ...badges.unread, ...unreadStyle }}
          >
            <span className={Badge.classes.label} aria-hidden>
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
            <span className={VisuallyHidden.classes.root}>{labels.unread(unreadCount)}</span>
          </span>
        )}
      </td>
      <td className={Table.classes.td}>{patient.patientAge}</td>
      <td className={Table.classes.td}>{labels.device[patient.deviceType]}</td>
      <td className={Table.classes.td}>
        <div
          className={Badge.classes.root}
          data-variant="light"
          style={patient.isEnabled ? badges.active : badges.inactive}
        >
          <span className={Badge.classes.label}>{patient.isEnabled ? labels.active : labels.inactive}</span>
        </div>
      </td>
      <td className={Table.classes.td}>{patient.registeredText}</td>
      <td className={Table.classes.td} style={cellStyle} title={patient.primaryDiagnosis ?? undefined}>
        {patient.primaryDiagnosis ?? noValue}
      </td>
      <td className={Table.classes.td} style={cellStyle}>
        {patient.todayVisitsText || noValue}
      </td>
    </tr>
  );
});

/**
 * The patient list as a table whose rows are virtualised: only the rows in view (and a few
 * around them) are in the page, so 10,000 patients scroll as smoothly as ten.
 */
export function PatientTable({ patients, sort, onSort, unread }: PatientTableProps): ReactElement {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const location = useLocation();
  const tall = useMediaQuery('(min-height: 768px)', true);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: patients.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    // Rows have one height and sit between two spacer rows sized from the range, so the table is
    // drawn again only when the range of rows changes, not at every scrolled pixel.
    directDomUpdates: true,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const labels = useMemo<RowLabels>(
    () => ({
      device: { 1: t('patients.device.1'), 2: t('patients.device.2') },
      active: t('patients.status.active'),
      inactive: t('patients.status.inactive'),
      unread: (count) => t('messaging.unreadCount', { count }),
    }),
    [t],
  );
  const badges = useMemo(
    () => ({
      active: badgeStyle(theme, 'teal'),
      inactive: badgeStyle(theme, 'gray'),
      unread: badgeStyle(theme, 'red', 'filled'),
    }),
    [theme],
  );
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
              <PatientTableRow
                key={patient.seqMedicalRelation}
                patient={patient}
                index={item.index}
                search={location.search}
                labels={labels}
                badges={badges}
                unreadCount={unread?.get(patient.seqMedicalRelation) ?? 0}
              />
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
