import { Button, Group, Text } from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

function UpdateMessage({ update }: { update: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">{t('pwa.updateReady')}</Text>
      <Button size="xs" color="teal" onClick={update}>
        {t('pwa.updateNow')}
      </Button>
    </Group>
  );
}

/** A new version of the app waits: the patient may switch now, or it starts the next time the app is opened. */
export function showUpdateNotice(update: () => void): void {
  showToast({
    id: 'app-update',
    color: 'teal',
    autoClose: false,
    message: <UpdateMessage update={update} />,
  });
}
