import { createCallSession, type CallSession } from '@clinic/call';
import { useCallback, useEffect, useRef, useState } from 'react';
import { joinCall } from '../api/meeting.ts';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import type { RealtimeChannel } from '../realtime/realtime-channel.ts';
import { callStatusOf, callTransport, endsCall, openLocalMedia, type CallStatus, type LocalMedia } from './call.ts';

export interface PatientCall {
  status: CallStatus;
  /** Why joining failed: a translated text, or a key of the client's own texts. */
  failure?: ReturnType<typeof errorTextOf>;
  /** The clinician ended the call (rather than the patient leaving). */
  endedByClinician: boolean;
  remoteStream: MediaStream | null;
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

/** Sends a local track or stops sending it; a kind not sent is nothing, so the other side sees the camera off. */
function send(
  session: CallSession | undefined,
  kind: 'audio' | 'video',
  track: MediaStreamTrack | null | undefined,
  on: boolean,
): boolean {
  if (!track) return false;
  track.enabled = on;
  void session?.replaceTrack(kind, on ? track : null).catch(() => undefined);
  return true;
}

/**
 * The patient's side of a visit's call: joins the call, takes the camera and microphone, and runs
 * a polite call session over the realtime socket until the clinician closes the call or the screen
 * goes away (leaving says bye).
 */
export function usePatientCall(seqSchedule: number, channel: RealtimeChannel): PatientCall {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<CallStatus>('joining');
  const [failure, setFailure] = useState<PatientCall['failure']>();
  const [endedByClinician, setEndedByClinician] = useState(false);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [selfStream, setSelfStream] = useState<MediaStream | null>(null);
  const [mediaProblem, setMediaProblem] = useState<LocalMedia['problem']>();
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [tracks, setTracks] = useState<{ audio: boolean; video: boolean }>({ audio: false, video: false });
  const session = useRef<CallSession | undefined>(undefined);
  const media = useRef<LocalMedia | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    let stopListening: (() => void) | undefined;
    let own: { session?: CallSession; media?: LocalMedia } = {};
    const stopTracks = (): void => {
      own.media?.audio?.stop();
      own.media?.video?.stop();
    };
    const fail = (value: NonNullable<PatientCall['failure']>): void => {
      setFailure(value);
      setStatus('failed');
    };

    const run = async (): Promise<void> => {
      setStatus('joining');
      setFailure(undefined);
      setEndedByClinician(false);
      setRemoteStream(null);
      // The camera and microphone open while the server is asked, so both are ready together.
      const opening = openLocalMedia((constraints) => navigator.mediaDevices.getUserMedia(constraints)).then(
        (local) => {
          own = { media: local };
          return local;
        },
      );
      let reply: Awaited<ReturnType<typeof joinCall>>;
      try {
        reply = await joinCall(seqSchedule);
      } catch (error) {
        await opening;
        stopTracks();
        if (!cancelled) fail(errorTextOf(error, currentLanguage()));
        return;
      }
      const local = await opening;
      if (cancelled || !reply.isSuccess) {
        stopTracks();
        if (!cancelled && !reply.isSuccess) fail({ text: messageText(reply.failedCode) });
        return;
      }
      const meetingId = reply.Meeting.MeetingId;
      media.current = local;
      setMediaProblem(local.problem);
      setTracks({ audio: local.audio !== null, video: local.video !== null });
      setMicOn(local.audio !== null);
      setCameraOn(local.video !== null);
      setSelfStream(local.video ? new MediaStream([local.video]) : null);

      const call = createCallSession({ polite: true, localTracks: { audio: local.audio, video: local.video } });
      own.session = call;
      session.current = call;
      const show = (): void => setStatus(callStatusOf(call.state, call.remotePresent));
      call.on('state', show);
      call.on('presence', show);
      call.on('remoteStream', (stream) => setRemoteStream(stream));
      stopListening = channel.subscribe((message) => {
        if (!endsCall(message, { meetingId, seqSchedule })) return;
        stopListening?.();
        call.close();
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
      stopListening?.();
      own.session?.close();
      stopTracks();
      session.current = undefined;
      media.current = undefined;
    };
  }, [seqSchedule, channel, attempt]);

  const toggleMic = useCallback(() => {
    if (send(session.current, 'audio', media.current?.audio, !micOn)) setMicOn(!micOn);
  }, [micOn]);

  const toggleCamera = useCallback(() => {
    if (send(session.current, 'video', media.current?.video, !cameraOn)) setCameraOn(!cameraOn);
  }, [cameraOn]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return {
    status,
    failure,
    endedByClinician,
    remoteStream,
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
