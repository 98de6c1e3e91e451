import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import type { PatientSchedule } from '@clinic/contract';
import { Center, Loader } from '@mantine/core';
import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { onSessionExpired } from './api/client.ts';
import { queryCache, queryClient } from './api/queries.ts';
import { i18n } from './i18n/i18n.ts';
import { useScreen } from './navigation/use-screen.ts';
import { whenIdle } from './lazy/start-lazily.ts';
import { showToast } from './notices/toasts.ts';
import { useOutboxSending } from './offline/use-outbox-sending.ts';
import { PushSwitchSpace } from './pwa/push-support.tsx';
import { cacheBuster, persistOptions } from './pwa/query-persistence.ts';
import { tokenStore } from './session/token-store.ts';
import { AppHeader } from './screens/app-header.tsx';
import { NavBar, navBarHeight, type Section } from './screens/nav-bar.tsx';
import { RealtimeChannelContext } from './realtime/realtime-channel.ts';
import { useRealtime } from './realtime/use-realtime.ts';
import { screens } from './screens/screens.ts';

// Each screen is a chunk of its own, loaded when first shown: the shell and the screen the address
// names load together (app.tsx starts both), the others when the patient opens them.
const HomeScreen = lazy(async () => ({ default: (await screens.home()).HomeScreen }));
const ProgramScreen = lazy(async () => ({ default: (await screens.program()).ProgramScreen }));
const SymptomsScreen = lazy(async () => ({ default: (await screens.symptoms()).SymptomsScreen }));
const BookScreen = lazy(async () => ({ default: (await screens.book()).BookScreen }));
const QuestionnaireScreen = lazy(async () => ({ default: (await screens.questionnaire()).QuestionnaireScreen }));
const MessagesScreen = lazy(async () => ({ default: (await screens.messages()).MessagesScreen }));
const CallScreen = lazy(async () => ({ default: (await import('./screens/call-screen.tsx')).CallScreen }));
// The switch, with the push endpoints' checks, comes once the screen is idle: it waits for the browser's answer anyway.
const PushSwitch = lazy(async () => {
  await whenIdle();
  return { default: (await import('./pwa/push-switch.tsx')).PushSwitch };
});

/**
 * Ends the session on the server too (the request loads at the tap); the browser forgets it, and
 * everything of the patient's with it (app.tsx), whether or not the server answers.
 */
function signOut(): void {
  void import('./session/sign-out.ts')
    .then(({ logOutOnServer }) => logOutOnServer())
    .catch(() => undefined)
    .finally(() => tokenStore.clear());
}

function Loading(): ReactElement {
  return (
    <Center py="xl">
      <Loader size="md" />
    </Center>
  );
}

function subscribe(listener: () => void): () => void {
  const stop = tokenStore.subscribe(listener);
  // Another tab signing in as someone else.
  window.addEventListener('storage', listener);
  return () => {
    stop();
    window.removeEventListener('storage', listener);
  };
}

/** Whose queries the offline copy may hold (query-persistence.ts): it changes only when another patient signs in. */
function useCacheBuster(): string {
  return useSyncExternalStore(subscribe, () => cacheBuster(tokenStore.read().accessToken));
}

function Screens(): ReactElement {
  const [screen, go] = useScreen();
  // A call is joined from a visit on the screen, never opened by an address.
  const [call, setCall] = useState<PatientSchedule>();
  const home = (): void => go({ name: 'home' });
  const { status, channel } = useRealtime();
  useOutboxSending();
  // Booking belongs to the visits, a questionnaire to the program it is listed on.
  const section: Section = screen.name === 'book' ? 'home' : screen.name === 'questionnaire' ? 'program' : screen.name;
  return (
    <RealtimeChannelContext value={channel}>
      <AppHeader status={status} onSignOut={signOut}>
        <Suspense fallback={<PushSwitchSpace />}>
          <PushSwitch />
        </Suspense>
      </AppHeader>
      <main style={{ paddingBottom: call ? undefined : navBarHeight + 16 }}>
        <Suspense fallback={<Loading />}>
          {call ? (
            <CallScreen visit={call} onLeave={() => setCall(undefined)} />
          ) : (
            <>
              {screen.name === 'home' && (
                <HomeScreen focusVisit={screen.visit} onBook={() => go({ name: 'book' })} onJoin={setCall} />
              )}
              {screen.name === 'book' && <BookScreen onDone={home} />}
              {screen.name === 'program' && <ProgramScreen />}
              {screen.name === 'symptoms' && <SymptomsScreen />}
              {screen.name === 'questionnaire' && (
                <QuestionnaireScreen key={screen.id} id={screen.id} onDone={() => go({ name: 'program' })} />
              )}
              {screen.name === 'messages' && <MessagesScreen relation={screen.relation} onGo={go} />}
            </>
          )}
        </Suspense>
      </main>
      {!call && <NavBar current={section} onGo={go} />}
    </RealtimeChannelContext>
  );
}

/**
 * The signed-in app: its queries, kept offline for this patient only (the provider starts again when
 * another signs in, and restores nothing of the one before), the socket, the outbox and the screens.
 */
export function SignedIn(): ReactElement {
  useEffect(() => {
    // The app forgets the patient's data once signed out (app.tsx).
    onSessionExpired(() => {
      if (tokenStore.read().accessToken === null) return;
      tokenStore.clear();
      showToast({ color: 'orange', message: i18n.t('app.sessionExpired') });
    });
  }, []);
  const buster = useCacheBuster();
  const options = persistOptions(queryCache.persister, buster);
  return (
    <PersistQueryClientProvider
      key={buster}
      client={queryClient}
      persistOptions={options}
      // The first screen's data, asked for while the kept copy was read (screens.ts), is kept at once:
      // the provider keeps only the changes made after it has read the copy.
      onSuccess={() => void persistQueryClientSave({ queryClient, ...options }).catch(() => undefined)}
    >
      <Screens />
    </PersistQueryClientProvider>
  );
}
