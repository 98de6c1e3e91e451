import { Group, Pagination, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The pages of a list, with an optional line such as its total; the pages hide when everything fits on one. */
export function Pager({
  page,
  size,
  total,
  onChange,
  totalLabel,
}: {
  /** Counted from 1, as the API counts pages. */
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
  totalLabel?: string;
}): ReactElement | null {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1 && totalLabel === undefined) return null;
  return (
    <Group justify={totalLabel === undefined ? 'center' : 'space-between'} mt="sm">
      {totalLabel !== undefined && (
        <Text size="sm" c="dimmed">
          {totalLabel}
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next' ? t('common.nextPage') : control === 'previous' ? t('common.previousPage') : undefined,
          })}
        />
      )}
    </Group>
  );
}
