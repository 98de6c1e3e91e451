import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { onSessionExpired, queryClient } from './api/client.ts';
import { i18n } from './i18n/i18n.ts';
import { AppHeader } from './screens/app-header.tsx';
import { forgetSession } from './session/forget-session.ts';
import { tokenStore } from './session/token-store.ts';
import { cssVariablesResolver, themeWithCloseLabel } from '@clinic/ui/theme';

// Signed out, the page loads only the login form; signed in, only the visit screens.
const LoginScreen = lazy(() => import('./screens/login-screen.tsx').then((m) => ({ default: m.LoginScreen })));
const SignedIn = lazy(() => import('./signed-in.tsx').then((m) => ({ default: m.SignedIn })));

function subscribe(listener: () => void): () => void {
  const stop = tokenStore.subscribe(listener);
  // Another tab signing in or out.
  window.addEventListener('storage', listener);
  return () => {
    stop();
    window.removeEventListener('storage', listener);
  };
}

function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => tokenStore.read().accessToken !== null);
}

function Shell(): ReactElement {
  const signedIn = useSignedIn();
  useEffect(() => {
    onSessionExpired(() => {
      if (tokenStore.read().accessToken === null) return;
      forgetSession();
      notifications.show({ color: 'orange', message: i18n.t('app.sessionExpired') });
    });
  }, []);
  return signedIn ? (
    <Suspense fallback={null}>
      <SignedIn />
    </Suspense>
  ) : (
    <>
      <AppHeader />
      <main>
        <Suspense fallback={null}>
          <LoginScreen />
        </Suspense>
      </main>
    </>
  );
}

/** Mantine in the page's language: its close buttons are named in it. */
function LocalizedMantine({ children }: { children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  return (
    <MantineProvider
      theme={themeWithCloseLabel(t('common.close'))}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Notifications position="top-center" limit={4} zIndex={1000} />
      {children}
    </MantineProvider>
  );
}

export function App(): ReactElement {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <QueryClientProvider client={queryClient}>
          <Shell />
        </QueryClientProvider>
      </LocalizedMantine>
    </I18nextProvider>
  );
}
