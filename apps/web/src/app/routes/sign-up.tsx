import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/login/signUp`. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(t('signUp.title'));
  return <SignUpForm />;
}
