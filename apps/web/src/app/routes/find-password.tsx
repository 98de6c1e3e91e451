import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRecovery } from '../../features/auth/components/password-recovery.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/login/findPassword`, also the landing of password reset links (`#reset=`). */
export function Component(): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(t('recovery.title'));
  return <PasswordRecovery />;
}
