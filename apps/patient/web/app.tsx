import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { patientLogout, type PatientSchedule } from '@clinic/contract';
import { api, onSessionExpired, queryClient } from './api/client.ts';
import { i18n } from './i18n/i18n.ts';
import { AppHeader } from './screens/app-header.tsx';
import { BookScreen } from './screens/book-screen.tsx';
import { CallScreen } from './screens/call-screen.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { LoginScreen } from './screens/login-screen.tsx';
import { RealtimeChannelContext } from './realtime/realtime-channel.ts';
import { useRealtime } from './realtime/use-realtime.ts';
import { tokenStore } from './session/token-store.ts';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Apple SD Gothic Neo", "Malgun Gothic", "Microsoft JhengHei", "PingFang HK", sans-serif',
});

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

function forgetSession(): void {
  tokenStore.clear();
  queryClient.clear();
}

/** Ends the session on the server too; the browser forgets it whether or not the server answers. */
export function signOut(): void {
  void api
    .callApi(patientLogout, {})
    .catch(() => undefined)
    .finally(forgetSession);
}

type Screen = { name: 'home' } | { name: 'book' } | { name: 'call'; visit: PatientSchedule };

function SignedIn(): ReactElement {
  const [screen, setScreen] = useState<Screen>({ name: 'home' });
  const home = (): void => setScreen({ name: 'home' });
  const { status, channel } = useRealtime();
  return (
    <RealtimeChannelContext value={channel}>
      <AppHeader status={status} onSignOut={signOut} />
      <main>
        {screen.name === 'home' && (
          <HomeScreen
            onBook={() => setScreen({ name: 'book' })}
            onJoin={(visit) => setScreen({ name: 'call', visit })}
          />
        )}
        {screen.name === 'book' && <BookScreen onDone={home} />}
        {screen.name === 'call' && <CallScreen visit={screen.visit} onLeave={home} />}
      </main>
    </RealtimeChannelContext>
  );
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
    <SignedIn />
  ) : (
    <>
      <AppHeader />
      <main>
        <LoginScreen />
      </main>
    </>
  );
}

export function App(): ReactElement {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-center" limit={4} zIndex={1000} />
        <QueryClientProvider client={queryClient}>
          <Shell />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
