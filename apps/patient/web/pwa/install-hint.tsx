import { Alert, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { browserStorage } from '../session/token-store.ts';
import { browserTraits, dismissInstallHint, showsInstallHint } from './ios-install.ts';

/** On an iPhone or iPad in Safari, how to add the app to the Home Screen (where it can have notifications). */
export function InstallHint(): ReactElement | null {
  const { t } = useTranslation();
  const [shown, setShown] = useState(() => showsInstallHint(browserTraits(), browserStorage()));
  if (!shown) return null;
  return (
    <Alert
      mt="sm"
      color="teal"
      variant="white"
      title={t('pwa.installTitle')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => {
        dismissInstallHint(browserStorage());
        setShown(false);
      }}
    >
      <Text size="sm">{t('pwa.installSteps')}</Text>
    </Alert>
  );
}
