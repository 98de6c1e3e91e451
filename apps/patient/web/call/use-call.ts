import { createCallSession, isGuestParty, startMeshCall, type CallPeer, type CallSession } from '@clinic/call';
import { lobbyRules } from '@clinic/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { joinCall, leaveLobby, waitInLobby } from '../api/meeting.ts';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, i18n, messageText } from '../i18n/i18n.ts';
import { showToast } from '../notices/toasts.ts';
import type { RealtimeChannel } from '../realtime/realtime-channel.ts';
import { callStatusOf, callTransport, endsCall, openLocalMedia, type CallStatus, type LocalMedia } from './call.ts';

/** The patient in the visit's waiting room, until the clinician lets them in. */
export interface Lobby {
  /** An ISO instant. */
  waitingSince: string;
  clinicianOnline: boolean;
  /** Whether the patient may knock again now (once in `lobbyRules.knockSeconds`). */
  canKnock: boolean;
}

export interface PatientCall {
  status: CallStatus;
  /** Why joining failed: a translated text, or a key of the client's own texts. */
  failure?: ReturnType<typeof errorTextOf>;
  /** The clinician ended the call (rather than the patient leaving). */
  endedByClinician: boolean;
  /** Set while the status is 'lobby'. */
  lobby: Lobby | undefined;
  /** Tells the clinician again that the patient is waiting. */
  knock: () => void;
  remoteStream: MediaStream | null;
  /** The guests in the call (a caregiver, an interpreter), each on a connection of their own. */
  guests: CallPeer[];
  selfStream: MediaStream | null;
  mediaProblem: LocalMedia['problem'];
  micOn: boolean;
  cameraOn: boolean;
  hasMic: boolean;
  hasCamera: boolean;
  toggleMic: () => void;
  toggleCamera: () => void;
  /** Joins again after a failure. */
  retry: () => void;
}

/** Sends a local track or stops sending it; a kind not sent is nothing, so the others see the camera off. */
function send(
  sessions: Pick<CallSession, 'replaceTrack'>[],
  kind: 'audio' | 'video',
  track: MediaStreamTrack | null | undefined,
  on: boolean,
): boolean {
  if (!track) return false;
  track.enabled = on;
  for (const session of sessions) void session.replaceTrack(kind, on ? track : null).catch(() => undefined);
  return true;
}

/**
 * The patient's side of a visit's call: takes the camera and microphone (the patient sees
 * themselves: the device check), waits in the visit's waiting room until the clinician lets them
 * in, then joins the call and runs a polite call session over the realtime socket until the
 * clinician closes the call or the screen goes away (leaving says bye, or leaves the waiting room).
 */
export function usePatientCall(seqSchedule: number, channel: RealtimeChannel): PatientCall {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<CallStatus>('joining');
  const [failure, setFailure] = useState<PatientCall['failure']>();
  const [endedByClinician, setEndedByClinician] = useState(false);
  const [lobby, setLobby] = useState<Lobby>();
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [guests, setGuests] = useState<CallPeer[]>([]);
  const [selfStream, setSelfStream] = useState<MediaStream | null>(null);
  const [mediaProblem, setMediaProblem] = useState<LocalMedia['problem']>();
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [tracks, setTracks] = useState<{ audio: boolean; video: boolean }>({ audio: false, video: false });
  /** The call's sessions: the pair with the clinician, and the guests' mesh. */
  const sessions = useRef<Pick<CallSession, 'replaceTrack'>[]>([]);
  const media = useRef<LocalMedia | undefined>(undefined);
  const knockNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let cancelled = false;
    let stopListening: (() => void) | undefined;
    let leaveWaitingRoom: (() => void) | undefined;
    let own: { session?: CallSession; guests?: { stop: () => void }; media?: LocalMedia } = {};
    const stopTracks = (): void => {
      own.media?.audio?.stop();
      own.media?.video?.stop();
    };
    const fail = (value: NonNullable<PatientCall['failure']>): void => {
      stopTracks();
      setSelfStream(null);
      setLobby(undefined);
      setFailure(value);
      setStatus('failed');
    };

    /**
     * Keeps the patient in the waiting room (saying so every `lobbyRules.heartbeatMs`) until the
     * clinician lets them in; answers the call they were let into, or nothing once the screen went
     * away or the waiting room refused them (a visit over, cancelled or not yet near).
     */
    const admittedCall = (): Promise<string | undefined> =>
      new Promise((resolve) => {
        let knockTimer: ReturnType<typeof setTimeout> | undefined;
        const announced = (): void => {
          clearTimeout(knockTimer);
          setLobby((current) => current && { ...current, canKnock: false });
          knockTimer = setTimeout(
            () => setLobby((current) => current && { ...current, canKnock: true }),
            lobbyRules.knockSeconds * 1000,
          );
        };
        const finish = (meetingId: string | undefined): void => {
          clearInterval(heartbeat);
          clearTimeout(knockTimer);
          stopAdmitted();
          knockNow.current = () => undefined;
          leaveWaitingRoom = undefined;
          resolve(meetingId);
        };
        const ask = async (knock: boolean, first = false): Promise<void> => {
          let reply: Awaited<ReturnType<typeof waitInLobby>>;
          try {
            reply = await waitInLobby(seqSchedule, knock);
          } catch (error) {
            // A heartbeat lost on the way is said again with the next one; a refused knock is told.
            if (first) {
              finish(undefined);
              fail(errorTextOf(error, currentLanguage()));
            } else if (knock) {
              const refusal = errorTextOf(error, currentLanguage());
              showToast({ color: 'orange', message: refusal.text ?? i18n.t(refusal.key) });
            }
            return;
          }
          if (cancelled) return;
          if (!reply.isSuccess) {
            finish(undefined);
            fail({ text: messageText(reply.failedCode) });
            return;
          }
          setLobby((current) => ({
            waitingSince: reply.waitingSince,
            clinicianOnline: reply.clinicianOnline,
            canKnock: current?.canKnock ?? false,
          }));
          if (first || knock) announced();
          if (reply.admittedMeetingId) finish(reply.admittedMeetingId);
        };
        const stopAdmitted = channel.subscribe((message) => {
          if (message.type === 'admitted' && message.seqSchedule === seqSchedule) finish(message.meetingId);
        });
        const heartbeat = setInterval(() => void ask(false), lobbyRules.heartbeatMs);
        knockNow.current = () => void ask(true);
        leaveWaitingRoom = () => {
          finish(undefined);
          void leaveLobby(seqSchedule).catch(() => undefined);
        };
        setStatus('lobby');
        void ask(false, true);
      });

    const run = async (): Promise<void> => {
      setStatus('joining');
      setFailure(undefined);
      setEndedByClinician(false);
      setRemoteStream(null);
      setLobby(undefined);
      const local = await openLocalMedia((constraints) => navigator.mediaDevices.getUserMedia(constraints));
      own = { media: local };
      if (cancelled) {
        stopTracks();
        return;
      }
      media.current = local;
      setMediaProblem(local.problem);
      setTracks({ audio: local.audio !== null, video: local.video !== null });
      setMicOn(local.audio !== null);
      setCameraOn(local.video !== null);
      setSelfStream(local.video ? new MediaStream([local.video]) : null);

      if ((await admittedCall()) === undefined || cancelled) return;
      setLobby(undefined);
      setStatus('joining');
      let reply: Awaited<ReturnType<typeof joinCall>>;
      try {
        reply = await joinCall(seqSchedule);
      } catch (error) {
        if (!cancelled) fail(errorTextOf(error, currentLanguage()));
        return;
      }
      if (cancelled) return;
      if (!reply.isSuccess) {
        fail({ text: messageText(reply.failedCode) });
        return;
      }
      const meetingId = reply.Meeting.MeetingId;
      const call = createCallSession({ polite: true, localTracks: { audio: local.audio, video: local.video } });
      const guestPairs = startMeshCall({
        self: 'patient',
        accepts: isGuestParty,
        send: (message) => channel.send(message),
        subscribe: (listener) => channel.subscribe(listener),
        joined: {
          meetingId,
          attendeeId: reply.Attendee.AttendeeId,
          iceServers: reply.iceServers,
          participants: reply.participants,
        },
        localTracks: { audio: local.audio, video: local.video },
        onPeers: setGuests,
      });
      own = { ...own, session: call, guests: guestPairs };
      sessions.current = [call, guestPairs.mesh];
      const show = (): void => setStatus(callStatusOf(call.state, call.remotePresent));
      call.on('state', show);
      call.on('presence', show);
      call.on('remoteStream', (stream) => setRemoteStream(stream));
      stopListening = channel.subscribe((message) => {
        if (!endsCall(message, { meetingId, seqSchedule })) return;
        stopListening?.();
        call.close();
        guestPairs.stop();
        stopTracks();
        setRemoteStream(null);
        setSelfStream(null);
        setEndedByClinician(true);
        setStatus('ended');
      });
      call.start({
        iceServers: reply.iceServers,
        transport: callTransport(channel, { meetingId, attendeeId: reply.Attendee.AttendeeId }),
      });
      show();
    };
    void run();

    return () => {
      cancelled = true;
      leaveWaitingRoom?.();
      stopListening?.();
      own.session?.close();
      own.guests?.stop();
      stopTracks();
      sessions.current = [];
      setGuests([]);
      media.current = undefined;
    };
  }, [seqSchedule, channel, attempt]);

  const knock = useCallback(() => knockNow.current(), []);

  const toggleMic = useCallback(() => {
    if (send(sessions.current, 'audio', media.current?.audio, !micOn)) setMicOn(!micOn);
  }, [micOn]);

  const toggleCamera = useCallback(() => {
    if (send(sessions.current, 'video', media.current?.video, !cameraOn)) setCameraOn(!cameraOn);
  }, [cameraOn]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    status,
    failure,
    endedByClinician,
    lobby,
    knock,
    remoteStream,
    guests,
    selfStream,
    mediaProblem,
    micOn,
    cameraOn,
    hasMic: tracks.audio,
    hasCamera: tracks.video,
    toggleMic,
    toggleCamera,
    retry,
  };
}
