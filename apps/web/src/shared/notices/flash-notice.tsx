import { Alert } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFlash, readFlash } from './flash.ts';

/** Shows the notice an earlier screen left (logged out, session expired, account deleted). */
export function FlashNotice(): ReactElement | null {
  const { t } = useTranslation();
  const [kind, setKind] = useState(readFlash);

  useEffect(() => {
    if (kind) clearFlash();
  }, [kind]);

  if (!kind) return null;
  return (
    <Alert
      color={kind === 'loggedOut' || kind === 'accountDeleted' ? 'teal' : 'orange'}
      role="status"
      withCloseButton
      closeButtonLabel={t('notices.dismiss')}
      onClose={() => setKind(undefined)}
    >
      {t(`flash.${kind}`)}
    </Alert>
  );
}
