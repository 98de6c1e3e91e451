import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { onSessionExpired, queryCache, queryClient } from './api/client.ts';
import { currentLanguage, i18n } from './i18n/i18n.ts';
import { linkManifest } from './pwa/manifest-link.ts';
import { cacheBuster, persistOptions } from './pwa/query-persistence.ts';
import { registerServiceWorker } from './pwa/service-worker.ts';
import { showUpdateNotice } from './pwa/update-notice.tsx';
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

/** Whose queries the offline copy may hold (query-persistence.ts): it changes only when another patient signs in. */
function useCacheBuster(): string {
  return useSyncExternalStore(subscribe, () => cacheBuster(tokenStore.read().accessToken));
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

/**
 * However the session ended (signed out here or in another tab, refused by the server), nothing of
 * the patient's stays on the device.
 */
function useForgetOnSignOut(signedIn: boolean): void {
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) forgetSession();
    wasSignedIn.current = signedIn;
  }, [signedIn]);
}

/** The installable app: its worker (the offline shell, push) and the manifest of the page's language. */
function useInstallableApp(): void {
  useEffect(() => {
    void registerServiceWorker(showUpdateNotice);
    const showManifest = (): void => linkManifest(currentLanguage(), i18n.t('app.name'));
    showManifest();
    i18n.on('languageChanged', showManifest);
    return () => i18n.off('languageChanged', showManifest);
  }, []);
}

export function App(): ReactElement {
  useInstallableApp();
  useForgetOnSignOut(useSignedIn());
  // The patient's queries kept offline are restored for the same patient only: the provider starts
  // again when another signs in, and restores nothing of the one before.
  const buster = useCacheBuster();
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <PersistQueryClientProvider
          key={buster}
          client={queryClient}
          persistOptions={persistOptions(queryCache.persister, buster)}
        >
          <Shell />
        </PersistQueryClientProvider>
      </LocalizedMantine>
    </I18nextProvider>
  );
}
