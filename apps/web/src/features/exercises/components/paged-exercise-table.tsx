import { Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../shared/ui/sortable-header.tsx';
import type { ExercisePage, ExerciseSorting } from '../api/list-patient-exercises.ts';
import { ExerciseTable, type ExerciseTableProps } from './exercise-table.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

export const exercisePageSize = 20;

export interface PagedExerciseTableProps extends Pick<ExerciseTableProps, 'onEdit' | 'linkOf'> {
  list: UseQueryResult<ExercisePage>;
  sort: SortState<ExerciseSorting>;
  setSort: (next: SortState<ExerciseSorting>) => void;
  page: number;
  setPage: (page: number) => void;
}

/** One page of prescriptions while it loads, fails with a retry, or shows as a table with its pager; sorting goes back to the first page. */
export function PagedExerciseTable({
  list,
  sort,
  setSort,
  page,
  setPage,
  ...table
}: PagedExerciseTableProps): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      {list.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <ExerciseTable
            exercises={list.data.exerciseList}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            {...table}
          />
          <Pager
            page={page}
            size={exercisePageSize}
            total={list.data.totalCount}
            onChange={setPage}
            totalLabel={t('exercises.total', { count: list.data.totalCount })}
          />
        </>
      )}
    </>
  );
}
