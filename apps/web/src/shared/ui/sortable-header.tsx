import { Table, UnstyledButton } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/** The next sort after a click on a column: the same column flips, another starts ascending. */
export function nextSort<Key extends string>(current: SortState<Key>, key: Key): SortState<Key> {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** SPEC 2 sortable table header: a button in the header cell; aria-sort tells the current order. */
export function SortableHeader<Key extends string>({
  sortKey,
  sort,
  onSort,
  children,
  width,
  wrap = false,
}: {
  sortKey: Key;
  sort: SortState<Key>;
  onSort: (next: SortState<Key>) => void;
  children: ReactNode;
  width?: number | string;
  /** A long label may take two lines, where a table is tight for room. */
  wrap?: boolean;
}): ReactElement {
  const active = sort.key === sortKey;
  const arrow = active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕';
  return (
    <Table.Th
      w={width}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={wrap ? undefined : { whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(nextSort(sort, sortKey))} fw={700} fz="sm">
        {children}{' '}
        <span aria-hidden style={{ opacity: active ? 1 : 0.4 }}>
          {arrow}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
