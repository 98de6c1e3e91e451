import type { CallPeer, CallSession } from '@clinic/call';
import { MeetingStopCode, meetingRules, type Schedule } from '@clinic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import type { RealtimeConnection } from '../../../shared/realtime/realtime-connection.ts';
import { messageText } from '../../../shared/i18n/i18n.ts';
import { showErrorBanner, showSuccess } from '../../../shared/notices/banners.ts';
import { closeMeetingRequest } from '../api/close-meeting.ts';
import { completeScheduleRequest } from '../api/complete-schedule.ts';
import { createMeetingRequest } from '../api/create-meeting.ts';
import { meetingHeartbeatRequest } from '../api/meeting-heartbeat.ts';
import { saveMeetingEventsRequest } from '../api/save-meeting-events.ts';
import { acquireCallLock, isCallLockHeld } from '../call-lock.ts';
import { forgetCallStart, keepCallStart, resumableCallStart } from '../call-resume.ts';
import { completeFailureKey, startFailureText } from '../call-messages.ts';
import { callReducer, initialCallState, isCallOpen, showsStart, type CallState } from '../call-status.ts';
import { formatClock, isoWithOffset } from '../call-timer.ts';
import { createMeetingEventLog, type MeetingEventName } from '../meeting-events.ts';
import { videoCallActions } from '../video-call-store.ts';
import { useCallTimer, useOpenCallGuards, useSessionLoss } from './use-call-guards.ts';
import { useLocalMedia, type DeviceProblem, type LocalMedia } from './use-local-media.ts';
import { useGuestPairs } from './use-guest-pairs.ts';
import { joiningOf, usePreparedSession, type Joining } from './use-prepared-session.ts';
import { useRemoteVideo } from './use-remote-video.ts';
import { useSignalling, type SignalRoute } from './use-signalling.ts';

type StopCode = (typeof MeetingStopCode)[keyof typeof MeetingStopCode];

/** A connection that keeps reconnecting this long is ended (SPEC 8 "call ended after a long connection delay"). */
const forcedEndAfterMs = 30_000;

interface OpenCall {
  meetingId: string;
  session: CallSession;
  release: () => void;
  /** The heartbeat that keeps the server from taking the call as abandoned. */
  heartbeat: ReturnType<typeof setInterval>;
}

export interface VideoCall {
  state: CallState;
  /** The open call's meeting (from createMeeting), from Start until the call ends; null otherwise. */
  meetingId: string | null;
  /** The guests in the open call, each on a connection of their own. */
  guests: CallPeer[];
  media: LocalMedia;
  speakerOn: boolean;
  setSpeakerOn: (on: boolean) => void;
  /** The text of the common alert, or null. */
  alert: string | null;
  showAlert: (text: string) => void;
  dismissAlert: () => void;
  /** Another call of this browser holds the one-call lock. */
  otherCallOpen: boolean;
  /** A server step (start, end) is under way. */
  busy: boolean;
  confirmingEnd: boolean;
  start: () => void;
  end: () => void;
  /** From stopping (a call closed without time) back to waiting, to start again. */
  reset: () => void;
  confirmEnd: () => void;
  cancelEnd: () => void;
}

/**
 * The clinician's side of a video visit: the status machine of SPEC 4 driven by the server calls,
 * the @clinic/call session, the devices and the safety rules (session loss, language change,
 * closing the window, one call at a time).
 */
export function useVideoCall({
  schedule,
  onSessionEnded,
  remoteVideoRef,
}: {
  schedule: Schedule;
  onSessionEnded: () => void;
  /** The patient's <video>: it plays the remote stream and its frames tell whether the video is there. */
  remoteVideoRef: RefObject<HTMLVideoElement | null>;
}): VideoCall {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(callReducer, initialCallState);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [otherCallOpen, setOtherCallOpen] = useState(false);
  const [openJoining, setOpenJoining] = useState<Joining | null>(null);
  const [speakerOn, setSpeakerOn] = useState(true);
  /** Counts the sessions prepared: a call's end prepares the next. */
  const [preparation, setPreparation] = useState(0);
  const [remote, setRemote] = useState<{ stream: MediaStream; version: number } | null>(null);
  const openRef = useRef<OpenCall | null>(null);
  const realtimeRef = useRef<RealtimeConnection | null>(null);
  const routeRef = useRef<SignalRoute | null>(null);
  const stateRef = useRef(state);
  const events = useRef(createMeetingEventLog());
  const cancelStart = useRef(false);
  /** A Start clicked and not drawn yet. */
  const starting = useRef(false);
  const forcedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seqSchedule = schedule.seqSchedule;

  useEffect(() => {
    stateRef.current = state;
    // The state has taken in the start (or its failure): it guards against a second one now.
    starting.current = false;
    videoCallActions.status(state.status);
  }, [state]);

  const logEvent = useCallback(
    (name: MeetingEventName, attributes?: Record<string, string | number | boolean | null>) =>
      events.current.add(name, attributes),
    [],
  );

  const onProblem = useCallback((problem: DeviceProblem) => setAlert(t(`videoCall.deviceErrors.${problem}`)), [t]);
  const media = useLocalMedia({ onProblem, onEvent: logEvent });
  const { preparedRef, readyRef } = usePreparedSession({
    seqSchedule,
    preparation,
    sentVideo: media.cameraOn ? media.videoTrack : null,
    sentAudio: media.audioTrack,
    logEvent,
  });

  /** SPEC 8 "HTTP": a 401 in the call steps is an unexpected error; others get their banner. */
  const reportFailure = useCallback(
    (error: unknown): void => {
      if (isApiError(error) && error.kind !== 'sessionExpired') showErrorBanner(error);
      else setAlert(t('videoCall.errors.unexpected'));
    },
    [t],
  );

  /** Lets go of the session, the socket and the lock; answers what was open. */
  const teardown = useCallback((): OpenCall | null => {
    const open = openRef.current;
    openRef.current = null;
    setOpenJoining(null);
    clearTimeout(forcedTimer.current);
    forcedTimer.current = undefined;
    if (!open) return null;
    clearInterval(open.heartbeat);
    open.session.close();
    routeRef.current = null;
    open.release();
    setPreparation((count) => count + 1);
    setRemote(null);
    return open;
  }, []);

  /** After the session stopped: the events go to the server, failures with their 5-minute history. */
  const sendEvents = useCallback((meetingId: string, code: StopCode) => {
    events.current.add(code === MeetingStopCode.forced ? 'meetingFailed' : 'meetingEnded', { code });
    const list = events.current.events();
    events.current.clear();
    saveMeetingEventsRequest({ meetingId, events: list }).catch(() => undefined);
  }, []);

  const refreshSchedules = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules }),
    [queryClient],
  );

  /** Ends a call without time: the meeting is simply closed (status stopping). */
  const closeCall = useCallback(
    async (code: StopCode): Promise<void> => {
      dispatch({ type: 'end' });
      const open = teardown();
      if (open) {
        setBusy(true);
        try {
          await closeMeetingRequest({ meetingId: open.meetingId, seqSchedule });
        } catch {
          // The server closes an abandoned meeting by itself.
        }
        sendEvents(open.meetingId, code);
        setBusy(false);
        refreshSchedules();
      }
      dispatch({ type: 'stopped' });
    },
    [refreshSchedules, sendEvents, seqSchedule, teardown],
  );

  /** Ends a call with time: completes the visit; on failure the call goes on (status connecting). */
  const completeVisit = useCallback(
    async (code: StopCode): Promise<void> => {
      const open = openRef.current;
      const { startedAt, elapsed } = stateRef.current;
      if (!open || startedAt === null) return;
      dispatch({ type: 'end' });
      setBusy(true);
      try {
        const reply = await completeScheduleRequest({
          seqSchedule,
          startDatetime: isoWithOffset(startedAt),
          progressTime: formatClock(elapsed),
          meetingId: open.meetingId,
        });
        if (!reply.isSuccess) {
          setAlert(t(`videoCall.errors.${completeFailureKey(reply.failedCode)}`));
          dispatch({ type: 'completeFailed' });
          return;
        }
      } catch (error) {
        reportFailure(error);
        dispatch({ type: 'completeFailed' });
        return;
      } finally {
        setBusy(false);
      }
      teardown();
      forgetCallStart(sessionStorage, seqSchedule);
      sendEvents(open.meetingId, code);
      dispatch({ type: 'stopped' });
      refreshSchedules();
      showSuccess(t('videoCall.completedNotice'));
    },
    [refreshSchedules, reportFailure, sendEvents, seqSchedule, t, teardown],
  );

  /** SPEC 4 session stop: with time the visit is completed, without it the meeting is closed. */
  const stopCall = useCallback(
    (code: StopCode, reason?: string): void => {
      if (reason) setAlert(reason);
      if (stateRef.current.elapsed > 0) void completeVisit(code);
      else void closeCall(code);
    },
    [closeCall, completeVisit],
  );

  const start = useCallback((): void => {
    if (starting.current || !showsStart(stateRef.current) || media.setupAlert) return;
    starting.current = true;
    const locking = acquireCallLock();
    cancelStart.current = false;
    const fail = (text: string | null, reason: string): void => {
      logEvent('meetingStartFailed', { reason });
      if (text) setAlert(text);
      setBusy(false);
      dispatch({ type: 'startFailed' });
      starting.current = false;
    };
    void (async () => {
      const release = await locking;
      // The screen shows the start from here on: drawn in a later task, after the offer has gone.
      dispatch({ type: 'start', resumedStartedAt: resumableCallStart(sessionStorage, seqSchedule, Date.now()) });
      events.current.clear();
      logEvent('meetingStartRequested', { seqSchedule });
      setBusy(true);
      if (!release) {
        setOtherCallOpen(true);
        fail(t('videoCall.errors.callInProgress'), 'locked');
        return;
      }
      const prepared = await preparedRef.current;
      // The meeting opened with the screen, else one opened now (which says why it cannot be).
      let joining = prepared?.meeting ?? null;
      if (prepared) prepared.meeting = null;
      if (!joining) {
        let reply: Awaited<ReturnType<typeof createMeetingRequest>>;
        try {
          reply = await createMeetingRequest({ seqSchedule });
        } catch (error) {
          release();
          reportFailure(error);
          fail(null, isApiError(error) ? error.kind : 'error');
          return;
        }
        if (!reply.isSuccess) {
          release();
          const text = startFailureText(reply.failedCode);
          fail(
            text.kind === 'message'
              ? messageText(text.code)
              : t(`videoCall.errors.${text.key}`, { code: text.code ?? '' }),
            reply.failedCode,
          );
          refreshSchedules();
          return;
        }
        joining = joiningOf(reply);
      }
      const { meetingId, attendeeId, iceServers } = joining;
      const closeQuietly = (): void => void closeMeetingRequest({ meetingId, seqSchedule }).catch(() => undefined);
      if (cancelStart.current) {
        release();
        closeQuietly();
        setBusy(false);
        dispatch({ type: 'stopped' });
        return;
      }
      // Choose the devices: a call with neither camera nor microphone cannot start.
      if (!media.audioTrack && !media.videoTrack) {
        release();
        closeQuietly();
        fail(t('videoCall.deviceErrors.choose'), 'devices');
        return;
      }
      const callSession = prepared?.session;
      if (!callSession) {
        release();
        closeQuietly();
        fail(t('videoCall.errors.unexpected'), 'NoPeerConnection');
        return;
      }
      const route: SignalRoute = {
        meetingId,
        attendeeId,
        listeners: new Set(),
        onRefused: (failedCode) => {
          logEvent('meetingFailed', { failedCode });
          stopCall(MeetingStopCode.forced, t('videoCall.errors.refused', { code: failedCode }));
        },
      };
      routeRef.current = route;
      const beat = (): void => void meetingHeartbeatRequest({ meetingId, seqSchedule }).catch(() => undefined);
      beat();
      const heartbeat = setInterval(beat, meetingRules.heartbeatMs);
      openRef.current = { meetingId, session: callSession, release, heartbeat };
      setOpenJoining(joining);
      let reconnecting = false;
      callSession.on('presence', (present) => {
        dispatch({ type: 'presence', present, at: Date.now() });
        logEvent(present ? 'attendeePresenceReceived' : 'attendeeLeft');
      });
      callSession.on('state', (connection) => {
        if (connection === 'reconnecting' && !reconnecting) {
          reconnecting = true;
          dispatch({ type: 'reconnecting' });
          logEvent('reconnecting');
          clearTimeout(forcedTimer.current);
          forcedTimer.current = setTimeout(
            () => stopCall(MeetingStopCode.forced, t('videoCall.errors.forcedEnd')),
            forcedEndAfterMs,
          );
        } else if (reconnecting && (connection === 'connected' || connection === 'waiting')) {
          reconnecting = false;
          clearTimeout(forcedTimer.current);
          dispatch({ type: 'reconnected' });
          logEvent('reconnected');
        }
      });
      callSession.on('remoteStream', (stream) =>
        setRemote((previous) => ({ stream, version: (previous?.version ?? 0) + 1 })),
      );
      callSession.start({
        iceServers,
        transport: {
          send: (data) => void realtimeRef.current?.send({ type: 'signal', meetingId, attendeeId, data }),
          onSignal: (listener) => {
            route.listeners.add(listener);
            return () => route.listeners.delete(listener);
          },
        },
      });
      logEvent('meetingStarted', { meetingId, attendeeId });
      setBusy(false);
    })();
  }, [logEvent, media, preparedRef, refreshSchedules, reportFailure, seqSchedule, stopCall, t]);

  const end = useCallback((): void => {
    const current = stateRef.current;
    if (!isCallOpen(current.status)) return;
    if (!openRef.current) {
      // Still starting: the start closes the meeting once it has it.
      cancelStart.current = true;
      dispatch({ type: 'end' });
      return;
    }
    if (current.elapsed > 0) setConfirmingEnd(true);
    else void closeCall(MeetingStopCode.normal);
  }, [closeCall]);

  const confirmEnd = useCallback((): void => {
    setConfirmingEnd(false);
    void completeVisit(MeetingStopCode.normal);
  }, [completeVisit]);

  const onRemoteVideo = useCallback((available: boolean) => dispatch({ type: 'remoteVideo', available }), []);
  const onOutputFailed = useCallback(() => setAlert(t('videoCall.deviceErrors.choose')), [t]);
  useRemoteVideo({
    remoteVideoRef,
    remote,
    speakerOn,
    outputId: media.choice.audioOutputDeviceId,
    onAvailable: onRemoteVideo,
    onOutputFailed,
  });

  useCallTimer(state.startedAt !== null && isCallOpen(state.status), (at) => dispatch({ type: 'tick', at }));

  // One call at a time in this browser: tell at once when another page holds it.
  useEffect(() => {
    let live = true;
    void isCallLockHeld().then((held) => {
      if (live && held) {
        setOtherCallOpen(true);
        setAlert(t('videoCall.errors.callInProgress'));
      }
    });
    return () => {
      live = false;
    };
    // Only on opening the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useSessionLoss(() => {
    const open = teardown();
    if (open) sendEvents(open.meetingId, MeetingStopCode.forced);
    dispatch({ type: 'reset' });
    setConfirmingEnd(false);
    setAlert(t('videoCall.errors.sessionEnded'));
    onSessionEnded();
  });

  const callOpen = isCallOpen(state.status);
  const onLanguageChanged = useCallback(
    () => stopCall(MeetingStopCode.normal, i18n.t('videoCall.errors.languageChanged')),
    [i18n, stopCall],
  );
  useOpenCallGuards(callOpen, onLanguageChanged);

  // The call's start outlives a reload of this screen, which closes the call (see call-resume.ts).
  useEffect(() => {
    if (state.startedAt !== null && callOpen) keepCallStart(sessionStorage, seqSchedule, state.startedAt);
  }, [seqSchedule, state.startedAt, callOpen]);

  const letGoOfMeeting = useCallback((): string | undefined => {
    const ready = readyRef.current;
    const meetingId = teardown()?.meetingId ?? ready?.meeting?.meetingId;
    if (ready) ready.meeting = null;
    return meetingId;
  }, [readyRef, teardown]);
  useSignalling({ seqSchedule, realtimeRef, routeRef, letGoOfMeeting });
  const guests = useGuestPairs({
    joining: openJoining,
    realtimeRef,
    audioTrack: media.audioTrack,
    videoTrack: media.cameraOn ? media.videoTrack : null,
  });

  return {
    state,
    meetingId: openJoining?.meetingId ?? null,
    guests,
    media,
    speakerOn,
    setSpeakerOn,
    alert,
    showAlert: setAlert,
    dismissAlert: () => setAlert(null),
    otherCallOpen,
    busy,
    confirmingEnd,
    start,
    end,
    reset: () => {
      if (stateRef.current.status === 'stopping' && !openRef.current) dispatch({ type: 'reset' });
    },
    confirmEnd,
    cancelEnd: () => setConfirmingEnd(false),
  };
}
