import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { useToastsWanted } from '../shared/notices/toasts.ts';
import { cssVariablesResolver, themeWithCloseLabel } from '@clinic/ui/theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Mantine in the page's language: its close buttons are named in it. */
function LocalizedMantine({ children }: { children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  const toastsWanted = useToastsWanted();
  return (
    <MantineProvider
      theme={themeWithCloseLabel(t('common.close'))}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {toastsWanted && (
        <Suspense fallback={null}>
          <Notifications position="top-center" limit={4} zIndex={1000} />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }): ReactElement {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>{children}</LocalizedMantine>
    </I18nextProvider>
  );
}
