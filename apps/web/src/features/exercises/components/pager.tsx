import { Group, Pagination, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Pages of a list, with the total; hidden when everything fits on one page. */
export function Pager({
  page,
  size,
  total,
  onChange,
}: {
  /** Counted from 1, as the API counts pages. */
  page: number;
  size: number;
  total: number;
  onChange: (page: number) => void;
}): ReactElement {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {t('exercises.total', { count: total })}
      </Text>
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
