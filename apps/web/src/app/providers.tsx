import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../shared/api/query-client.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { useToastsWanted } from '../shared/notices/toasts.ts';
import { cssVariablesResolver, theme } from '@clinic/ui/theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function Providers({ children }: { children: ReactNode }): ReactElement {
  const toastsWanted = useToastsWanted();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {toastsWanted && (
          <Suspense fallback={null}>
            <Notifications position="top-center" limit={4} zIndex={1000} />
          </Suspense>
        )}
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
