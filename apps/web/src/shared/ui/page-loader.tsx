import { Center, Loader } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function PageLoader(): ReactElement {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
