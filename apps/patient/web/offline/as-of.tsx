import { Paper, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isKeptData, useOnline, type QueryFreshness } from './online.ts';
import { dateFormat } from '../i18n/date-format.ts';

/** "Offline — as of <time>" over data kept on the device, when the server could not give it now. */
export function AsOf({ query }: { query: QueryFreshness }): ReactElement | null {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  if (!isKeptData(query, online)) return null;
  const time = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(query.dataUpdatedAt),
  );
  return (
    <Paper role="status" bg="gray.1" c="dark.8" px="sm" py={6} radius="sm">
      <Text size="sm" fw={500}>
        {t('offline.asOf', { time })}
      </Text>
    </Paper>
  );
}
