import { lazy, Suspense, useState, type ReactElement } from 'react';
import { patientLogout, type PatientSchedule } from '@clinic/contract';
import { Center, Loader } from '@mantine/core';
import { api } from './api/client.ts';
import { useScreen } from './navigation/use-screen.ts';
import { useOutboxSending } from './offline/use-outbox.ts';
import { forgetSession } from './session/forget-session.ts';
import { AppHeader } from './screens/app-header.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { NavBar, navBarHeight, type Section } from './screens/nav-bar.tsx';
import { ProgramScreen } from './screens/program-screen.tsx';
import { SymptomsScreen } from './screens/symptoms-screen.tsx';
import { RealtimeChannelContext } from './realtime/realtime-channel.ts';
import { useRealtime } from './realtime/use-realtime.ts';

// The booking calendar and the call are loaded when first opened: the first screen loads without them.
const BookScreen = lazy(() => import('./screens/book-screen.tsx').then((m) => ({ default: m.BookScreen })));
const CallScreen = lazy(() => import('./screens/call-screen.tsx').then((m) => ({ default: m.CallScreen })));

/** Ends the session on the server too; the browser forgets it whether or not the server answers. */
export function signOut(): void {
  void api
    .callApi(patientLogout, {})
    .catch(() => undefined)
    .finally(forgetSession);
}

function Loading(): ReactElement {
  return (
    <Center py="xl">
      <Loader size="md" />
    </Center>
  );
}

export function SignedIn(): ReactElement {
  const [screen, go] = useScreen();
  // A call is joined from a visit on the screen, never opened by an address.
  const [call, setCall] = useState<PatientSchedule>();
  const home = (): void => go({ name: 'home' });
  const { status, channel } = useRealtime();
  useOutboxSending();
  const section: Section = screen.name === 'book' ? 'home' : screen.name;
  return (
    <RealtimeChannelContext value={channel}>
      <AppHeader status={status} onSignOut={signOut} />
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
            </>
          )}
        </Suspense>
      </main>
      {!call && <NavBar current={section} onGo={go} />}
    </RealtimeChannelContext>
  );
}
