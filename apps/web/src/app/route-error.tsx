import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-loading.ts';
import { mayReloadAfterChunkError, reloadAfterChunkError } from './chunk-reload.ts';

/** Error screen of the routes; a screen whose code could not be loaded reloads the site root instead. */
export function RouteError(): ReactElement {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const [reloading] = useState(() => chunkError && mayReloadAfterChunkError());

  useEffect(() => {
    if (reloading) reloadAfterChunkError();
  }, [reloading]);

  if (reloading) {
    return (
      <Center mih={240} role="status">
        <Text>{t('errors.reloading')}</Text>
      </Center>
    );
  }

  return (
    <Center mih="60vh" p="lg">
      <Stack align="center" gap="sm" maw={480} role="alert">
        <Title order={2}>{chunkError ? t('errors.chunkTitle') : t('errors.title')}</Title>
        <Text ta="center" c="dimmed">
          {chunkError ? t('errors.chunkBody') : t('errors.body')}
        </Text>
        <Button onClick={() => window.location.assign('/')}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
