import { Alert, List, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Recovery codes as the server answers them, this once: each logs in once in place of a code. */
export function RecoveryCodes({ codes }: { codes: string[] }): ReactElement {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('secondFactor.recovery.title')}>
        <Text size="sm">{t('secondFactor.recovery.keep')}</Text>
      </Alert>
      <List aria-label={t('secondFactor.recovery.listLabel')} ff="monospace" spacing={2} listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
