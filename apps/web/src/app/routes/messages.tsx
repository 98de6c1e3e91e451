import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageInbox } from '../../features/messages/components/message-inbox.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/messages`: the clinician's message threads. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(t('messaging.inbox.title'));
  return <MessageInbox />;
}
