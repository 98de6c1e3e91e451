import { useState, type ReactElement } from 'react';
import { patientLogout, type PatientSchedule } from '@clinic/contract';
import { api } from './api/client.ts';
import { forgetSession } from './session/forget-session.ts';
import { AppHeader } from './screens/app-header.tsx';
import { BookScreen } from './screens/book-screen.tsx';
import { CallScreen } from './screens/call-screen.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { RealtimeChannelContext } from './realtime/realtime-channel.ts';
import { useRealtime } from './realtime/use-realtime.ts';

/** Ends the session on the server too; the browser forgets it whether or not the server answers. */
export function signOut(): void {
  void api
    .callApi(patientLogout, {})
    .catch(() => undefined)
    .finally(forgetSession);
}

type Screen = { name: 'home' } | { name: 'book' } | { name: 'call'; visit: PatientSchedule };

export function SignedIn(): ReactElement {
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
