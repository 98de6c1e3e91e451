import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { loadHttpClient } from './api/client.ts';
import { guestPagePath } from './guest/guest-page.ts';
import { currentLanguage, i18n } from './i18n/i18n.ts';
import { screenOfSearch } from './navigation/screen-url.ts';
import { useToasts } from './notices/toasts.ts';
import { linkManifest } from './pwa/manifest-link.ts';
import { registerServiceWorker } from './pwa/service-worker.ts';
import { showUpdateNotice } from './pwa/update-notice.tsx';
import { AppHeader } from './screens/app-header.tsx';
import { startScreen } from './screens/screens.ts';
import { tokenStore } from './session/token-store.ts';
import type * as SignedInModule from './signed-in.tsx';
import { cssVariablesResolver, themeWithCloseLabel } from '@clinic/ui/theme';

// Signed out, the page loads only the login form. Signed in, it asks at once for the shell (its
// queries kept offline), the screen the address names with its first data, and the HTTP client that
// data needs, rather than each once the one before has run.
const LoginScreen = lazy(async () => ({ default: (await import('./screens/login-screen.tsx')).LoginScreen }));
let signedInShell: Promise<typeof SignedInModule> | undefined;
function loadSignedIn(): Promise<typeof SignedInModule> {
  if (!signedInShell) {
    signedInShell = import('./signed-in.tsx');
    startScreen(screenOfSearch(window.location.search));
    void loadHttpClient().catch(() => undefined);
  }
  return signedInShell;
}
const SignedIn = lazy(async () => ({ default: (await loadSignedIn()).SignedIn }));
/** A guest's page, opened from a clinician's link: no account, no installable app. */
const isGuestPage = window.location.pathname.startsWith(guestPagePath);
const GuestScreen = lazy(async () => ({ default: (await import('./guest/guest-screen.tsx')).GuestScreen }));
// Signed in when the page opens: all of that is asked for now, while the strings load, not once they have.
if (!isGuestPage && tokenStore.read().accessToken !== null) void loadSignedIn().catch(() => undefined);

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
  if (isGuestPage)
    return (
      <>
        <AppHeader />
        <main>
          <Suspense fallback={null}>
            <GuestScreen />
          </Suspense>
        </main>
      </>
    );
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

/** The toasts' container, once a toast has loaded it (notices/toasts.ts). */
function Toasts(): ReactElement | null {
  const toasts = useToasts();
  return toasts ? <toasts.Notifications position="top-center" limit={4} zIndex={1000} /> : null;
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
      <Toasts />
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
    if (wasSignedIn.current && !signedIn) {
      void import('./session/forget-session.ts').then(({ forgetSession }) => forgetSession());
    }
    wasSignedIn.current = signedIn;
  }, [signedIn]);
}

/** The installable app: its worker (the offline shell, push) and the manifest of the page's language. */
function useInstallableApp(installable: boolean): void {
  useEffect(() => {
    if (!installable) return undefined;
    // After the page's load, so that the worker's caching of every chunk does not compete with the first screen.
    const register = (): void => void registerServiceWorker(showUpdateNotice);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    const showManifest = (): void => linkManifest(currentLanguage(), i18n.t('app.name'));
    showManifest();
    i18n.on('languageChanged', showManifest);
    return () => {
      window.removeEventListener('load', register);
      i18n.off('languageChanged', showManifest);
    };
  }, [installable]);
}

export function App(): ReactElement {
  useInstallableApp(!isGuestPage);
  useForgetOnSignOut(useSignedIn());
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <Shell />
      </LocalizedMantine>
    </I18nextProvider>
  );
}
