import { Loader, Table, Text, type TableProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed.tsx';
import { Pager } from './pager.tsx';

export interface PagedTableProps<Data extends { totalCount: number }, Row> {
  /** The query of the page shown. */
  query: UseQueryResult<Data>;
  rowsOf: (data: Data) => readonly Row[];
  /** Each row as a keyed `Table.Tr`. */
  renderRow: (row: Row) => ReactElement;
  /** The header cells' contents, one a column. */
  columns: readonly ReactNode[];
  /** The table's accessible name. */
  label: string;
  /** Shown instead of the table when there is nothing at all. */
  emptyText: string;
  totalLabel: (count: number) => string;
  /** Counted from 1, as the API counts pages. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The width below which the table scrolls sideways. */
  minWidth: number;
  tableProps?: Omit<TableProps, 'aria-label' | 'children'>;
}

/** One page of a list as a table while it loads, fails with a retry, is empty, or shows with its pager and total. */
export function PagedTable<Data extends { totalCount: number }, Row>({
  query,
  rowsOf,
  renderRow,
  columns,
  label,
  emptyText,
  totalLabel,
  page,
  pageSize,
  onPageChange,
  minWidth,
  tableProps,
}: PagedTableProps<Data, Row>): ReactElement {
  const { t } = useTranslation();
  const total = query.data?.totalCount ?? 0;
  return (
    <>
      {query.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && total === 0 && <Text c="dimmed">{emptyText}</Text>}
      {query.data && total > 0 && (
        <>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table fz="sm" {...tableProps} aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column, index) => (
                    <Table.Th key={index}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rowsOf(query.data).map(renderRow)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} size={pageSize} total={total} onChange={onPageChange} totalLabel={totalLabel(total)} />
        </>
      )}
    </>
  );
}
