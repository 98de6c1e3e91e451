import { startMeshCall, type CallPeer } from '@clinic/call';
import { createRealtimeClient, realtimeUrl } from '@clinic/client/realtime-client';
import {
  FailedCode,
  joinAsGuest,
  leaveAsGuest,
  lobbyRules,
  openGuestLink,
  waitAsGuest,
  type GuestRole,
} from '@clinic/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client.ts';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import { openLocalMedia, type LocalMedia } from '../call/call.ts';
import { isCallMessage, type CallMessage } from '../realtime/realtime.ts';
import { createRealtimeHub } from '../realtime/realtime-channel.ts';

/** Where the guest is: giving their name, waiting to be let in, in the call, or out of it. */
export type GuestStep = 'form' | 'opening' | 'lobby' | 'joining' | 'call' | 'left' | 'removed' | 'refused';

export interface GuestVisit {
  clinicianName: string;
  expectStartDatetime: string;
}

export interface GuestCall {
  step: GuestStep;
  /** A translated reason, for 'refused' and a failure of the form. */
  problem: string | undefined;
  visit: GuestVisit | undefined;
  waitingSince: string | undefined;
  clinicianOnline: boolean;
  canKnock: boolean;
  peers: CallPeer[];
  selfStream: MediaStream | null;
  mediaProblem: LocalMedia['problem'];
  open: (name: string, role: GuestRole) => void;
  knock: () => void;
  leave: () => void;
}

/** The link's token, taken from the address's fragment (which no server saw) and then removed from it. */
function takeLinkToken(): string {
  const token = window.location.hash.slice(1);
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

/**
 * A guest of a visit's call, without an account: opens the link once with a name and a role,
 * takes the camera and microphone (the device check), waits until the clinician lets them in,
 * then joins and holds a connection with each other party until they leave or are removed.
 */
export function useGuestCall(): GuestCall {
  const [linkToken] = useState(takeLinkToken);
  const [step, setStep] = useState<GuestStep>(linkToken ? 'form' : 'refused');
  const [problem, setProblem] = useState<string | undefined>(
    linkToken ? undefined : messageText(FailedCode.GuestLinkRefused),
  );
  const [visit, setVisit] = useState<GuestVisit>();
  const [waitingSince, setWaitingSince] = useState<string>();
  const [clinicianOnline, setClinicianOnline] = useState(false);
  const [canKnock, setCanKnock] = useState(false);
  const [peers, setPeers] = useState<CallPeer[]>([]);
  const [selfStream, setSelfStream] = useState<MediaStream | null>(null);
  const [mediaProblem, setMediaProblem] = useState<LocalMedia['problem']>();
  const [opened, setOpened] = useState<{ guestToken: string; guestId: string }>();
  const knockNow = useRef<() => void>(() => undefined);
  const leaveNow = useRef<() => void>(() => undefined);

  const open = useCallback(
    (name: string, role: GuestRole) => {
      setStep('opening');
      setProblem(undefined);
      api.callApi(openGuestLink, { token: linkToken, name, role }).then(
        (reply) => {
          if (!reply.isSuccess) {
            setProblem(messageText(reply.failedCode));
            setStep('refused');
            return;
          }
          setVisit(reply.visit);
          setOpened({ guestToken: reply.guestToken, guestId: reply.guestId });
        },
        (error: unknown) => {
          const text = errorTextOf(error, currentLanguage());
          setProblem(text.text ?? messageText(FailedCode.GuestLinkRefused));
          setStep('form');
        },
      );
    },
    [linkToken],
  );

  useEffect(() => {
    if (!opened) return;
    const { guestToken, guestId } = opened;
    let over = false;
    let media: LocalMedia | undefined;
    let call: { stop: () => void } | undefined;
    let knockTimer: ReturnType<typeof setTimeout> | undefined;
    const hub = createRealtimeHub();
    const socket = createRealtimeClient({
      url: realtimeUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      readTokens: () => ({ accessToken: guestToken, refreshToken: null }),
      // A guest's token is not refreshed: refused, the guest may no longer take part.
      refreshTokens: () => Promise.resolve('refused'),
      onSessionExpired: () => end('removed'),
      onMessage: (message) => {
        if (isCallMessage(message)) hub.dispatch(message);
      },
    });
    hub.attach(socket);
    socket.start();

    const end = (next: GuestStep): void => {
      if (over) return;
      over = true;
      clearInterval(heartbeat);
      clearTimeout(knockTimer);
      call?.stop();
      media?.audio?.stop();
      media?.video?.stop();
      socket.stop();
      setPeers([]);
      setSelfStream(null);
      setStep(next);
    };
    const stopRemoved = hub.subscribe((message) => {
      if (message.type === 'removed') end('removed');
      if (message.type === 'admitted') void join();
    });
    const announced = (): void => {
      setCanKnock(false);
      clearTimeout(knockTimer);
      knockTimer = setTimeout(() => setCanKnock(true), lobbyRules.knockSeconds * 1000);
    };
    const wait = async (knock: boolean): Promise<void> => {
      let reply: Awaited<ReturnType<typeof api.callApi<typeof waitAsGuest>>>;
      try {
        reply = await api.callApi(waitAsGuest, { guestToken, knock });
      } catch {
        // Said again with the next heartbeat.
        return;
      }
      if (over) return;
      if (!reply.isSuccess) {
        setProblem(messageText(reply.failedCode));
        end('refused');
        return;
      }
      setWaitingSince(reply.waitingSince);
      setClinicianOnline(reply.clinicianOnline);
      if (knock) announced();
      if (reply.admittedMeetingId) void join();
    };
    let joining = false;
    const join = async (): Promise<void> => {
      if (joining || over) return;
      joining = true;
      setStep('joining');
      // The others hear of the joining before its reply comes, and greet at once: kept for the call.
      const early: CallMessage[] = [];
      const stopKeeping = hub.subscribe((message) => early.push(message));
      const reply = await api.callApi(joinAsGuest, { guestToken }).catch(() => undefined);
      stopKeeping();
      if (over) return;
      if (!reply?.isSuccess) {
        joining = false;
        setStep('lobby');
        return;
      }
      clearInterval(heartbeat);
      call = startMeshCall({
        self: `guest:${guestId}`,
        accepts: () => true,
        send: (message) => hub.send(message),
        subscribe: (listener) => {
          for (const message of early) listener(message);
          return hub.subscribe(listener);
        },
        joined: {
          meetingId: reply.Meeting.MeetingId,
          attendeeId: reply.Attendee.AttendeeId,
          iceServers: reply.iceServers,
          participants: reply.participants,
        },
        localTracks: { audio: media?.audio ?? null, video: media?.video ?? null },
        onPeers: setPeers,
      });
      setStep('call');
    };
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    knockNow.current = () => void wait(true);
    leaveNow.current = () => {
      end('left');
      void api.callApi(leaveAsGuest, { guestToken }).catch(() => undefined);
    };
    void (async () => {
      media = await openLocalMedia((constraints) => navigator.mediaDevices.getUserMedia(constraints));
      if (over) {
        media.audio?.stop();
        media.video?.stop();
        return;
      }
      setMediaProblem(media.problem);
      setSelfStream(media.video ? new MediaStream([media.video]) : null);
      setStep('lobby');
      announced();
      heartbeat = setInterval(() => void wait(false), lobbyRules.heartbeatMs);
      await wait(false);
    })();
    return () => {
      stopRemoved();
      leaveNow.current();
    };
  }, [opened]);

  return {
    step,
    problem,
    visit,
    waitingSince,
    clinicianOnline,
    canKnock,
    peers,
    selfStream,
    mediaProblem,
    open,
    knock: useCallback(() => knockNow.current(), []),
    leave: useCallback(() => leaveNow.current(), []),
  };
}
