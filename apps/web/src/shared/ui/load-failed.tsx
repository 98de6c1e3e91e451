import { Alert, Button, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows when its data did not load: the message and a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Alert color="red">
      <Text size="sm" span>
        {t('common.loadFailed')}
      </Text>{' '}
      <Button variant="subtle" size="xs" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
