import { createCallSession, type CallSession } from '@clinic/call';
import { MeetingStopCode, meetingRules, type IceServer, type Schedule, type SignalData } from '@clinic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { changeLanguage, messageText } from '../../../shared/i18n/i18n.ts';
import { isLanguage } from '../../../shared/i18n/language.ts';
import { showErrorBanner, showSuccess } from '../../../shared/notices/banners.ts';
import { openRealtime, type RealtimeConnection } from '../../../shared/realtime/realtime-connection.ts';
import { readItem, storageKeys } from '../../../shared/storage/local-storage.ts';
import { closeMeetingRequest } from '../api/close-meeting.ts';
import { completeScheduleRequest } from '../api/complete-schedule.ts';
import { createMeetingRequest, type CreateMeetingReply } from '../api/create-meeting.ts';
import { meetingHeartbeatRequest } from '../api/meeting-heartbeat.ts';
import { saveMeetingEventsRequest } from '../api/save-meeting-events.ts';
import { acquireCallLock, isCallLockHeld } from '../call-lock.ts';
import { forgetCallStart, keepCallStart, resumableCallStart } from '../call-resume.ts';
import { completeFailureKey, startFailureText } from '../call-messages.ts';
import { callReducer, initialCallState, isCallOpen, showsStart, type CallState } from '../call-status.ts';
import { formatClock, isoWithOffset } from '../call-timer.ts';
import { createMeetingEventLog, type MeetingEventName } from '../meeting-events.ts';
import { videoCallActions } from '../video-call-store.ts';
import { useLocalMedia, type DeviceProblem, type LocalMedia } from './use-local-media.ts';

type StopCode = (typeof MeetingStopCode)[keyof typeof MeetingStopCode];

/** A connection that keeps reconnecting this long is ended (SPEC 8 "call ended after a long connection delay"). */
const forcedEndAfterMs = 30_000;
/** The patient's video counts as gone when no frame came for this long. */
const frameStallMs = 3_000;

interface OpenCall {
  meetingId: string;
  session: CallSession;
  release: () => void;
  /** The heartbeat that keeps the server from taking the call as abandoned. */
  heartbeat: ReturnType<typeof setInterval>;
}

/** A joining of the visit's meeting, from createMeeting. */
interface Joining {
  meetingId: string;
  attendeeId: string;
  iceServers: IceServer[];
}

/**
 * What the screen prepares before Start: the session, and the meeting opened with the screen
 * (null once Start has taken it, or if it could not be opened then).
 */
interface Prepared {
  session: CallSession | null;
  meeting: Joining | null;
}

/** Where the socket hands the signals of the open call's joining. */
interface SignalRoute {
  meetingId: string;
  attendeeId: string;
  listeners: Set<(data: SignalData) => void>;
  onRefused: (failedCode: string) => void;
}

export interface VideoCall {
  state: CallState;
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

function joiningOf(reply: Extract<CreateMeetingReply, { isSuccess: true }>): Joining {
  return { meetingId: reply.Meeting.MeetingId, attendeeId: reply.Attendee.AttendeeId, iceServers: reply.iceServers };
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
  const [speakerOn, setSpeakerOn] = useState(true);
  /** The session Start uses: prepared with the devices' tracks before Start, then the open call's. */
  const [session, setSession] = useState<CallSession | null>(null);
  const preparedRef = useRef<Promise<Prepared> | null>(null);
  /** What was prepared, once it is. */
  const readyRef = useRef<Prepared | null>(null);
  /** A preparation let go of, whose meeting is closed unless the screen takes it straight back (a remount). */
  const letGo = useRef<{
    seqSchedule: number;
    preparing: Promise<Prepared>;
    timer: ReturnType<typeof setTimeout>;
  } | null>(null);
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
  }, [logEvent, media, refreshSchedules, reportFailure, seqSchedule, stopCall, t]);

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

  // While the devices are set up, the meeting opens (once per screen: the patient may join and
  // wait) and the session is prepared with its offer, so that Start only has to send it. A meeting
  // that cannot open yet (too early) is asked for again by Start, which tells why.
  useEffect(() => {
    let live = true;
    const before = letGo.current?.seqSchedule === seqSchedule ? letGo.current : null;
    if (before) {
      letGo.current = null;
      clearTimeout(before.timer);
    }
    const opening: Promise<Joining | null> = before
      ? before.preparing.then((previous) => {
          const { meeting } = previous;
          previous.meeting = null;
          return meeting;
        })
      : preparation === 0
        ? createMeetingRequest({ seqSchedule }).then(
            (reply) => (reply.isSuccess ? joiningOf(reply) : null),
            () => null,
          )
        : Promise.resolve(null);
    const preparing = opening.then((meeting): Prepared => {
      if (!live) return { session: null, meeting };
      let prepared: CallSession;
      try {
        prepared = createCallSession({
          polite: false,
          iceServers: meeting?.iceServers,
          localTracks: { audio: null, video: null },
        });
      } catch (error) {
        logEvent('meetingStartFailed', { reason: String((error as Error).name) });
        return { session: null, meeting };
      }
      if (meeting) prepared.prepareOffer();
      setSession(prepared);
      return { session: prepared, meeting };
    });
    preparedRef.current = preparing;
    void preparing.then((ready) => {
      if (live) readyRef.current = ready;
    });
    return () => {
      live = false;
      // Closing is idempotent: the call's end has closed the session already if it was started.
      void preparing.then((ready) => ready.session?.close());
      // A meeting Start never took is closed with the screen.
      const timer = setTimeout(() => {
        if (letGo.current?.preparing === preparing) letGo.current = null;
        void preparing.then((ready) => {
          if (ready.meeting)
            void closeMeetingRequest({ meetingId: ready.meeting.meetingId, seqSchedule }).catch(() => undefined);
          ready.meeting = null;
        });
      }, 0);
      letGo.current = { seqSchedule, preparing, timer };
    };
  }, [preparation, logEvent, seqSchedule]);

  // What the session sends follows the devices and the camera toggle.
  const sentVideo = media.cameraOn ? media.videoTrack : null;
  useEffect(() => {
    session?.replaceTrack('video', sentVideo).catch(() => logEvent('videoInputFailed', { error: 'replaceTrack' }));
  }, [session, sentVideo, logEvent]);
  useEffect(() => {
    session
      ?.replaceTrack('audio', media.audioTrack)
      .catch(() => logEvent('audioInputFailed', { error: 'replaceTrack' }));
  }, [session, media.audioTrack, logEvent]);

  // The patient's media on the remote element; its video counts while a live, unmuted track plays frames.
  useEffect(() => {
    const video = remoteVideoRef.current;
    const stream = remote?.stream ?? null;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) video.play().catch(() => undefined);
    }
    if (!stream) return undefined;
    let lastFrames = -1;
    let lastFrameAt = Date.now();
    const check = (): void => {
      const live = stream.getVideoTracks().some((track) => track.readyState === 'live' && !track.muted);
      const frames = video?.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
      if (frames !== lastFrames) {
        lastFrames = frames;
        lastFrameAt = Date.now();
      }
      dispatch({ type: 'remoteVideo', available: live && Date.now() - lastFrameAt < frameStallMs && frames > 0 });
    };
    const tracks = stream.getTracks();
    for (const track of tracks) {
      track.addEventListener('mute', check);
      track.addEventListener('unmute', check);
      track.addEventListener('ended', check);
    }
    const timer = setInterval(check, 500);
    check();
    return () => {
      clearInterval(timer);
      for (const track of tracks) {
        track.removeEventListener('mute', check);
        track.removeEventListener('unmute', check);
        track.removeEventListener('ended', check);
      }
    };
  }, [remote, remoteVideoRef]);

  // The speaker: muting the patient's element, and the chosen output where the browser allows.
  useEffect(() => {
    const video = remoteVideoRef.current;
    if (video) video.muted = !speakerOn;
  }, [speakerOn, remoteVideoRef]);
  const outputId = media.choice.audioOutputDeviceId;
  useEffect(() => {
    const video = remoteVideoRef.current;
    if (!video || !('setSinkId' in video) || !outputId) return;
    video.setSinkId(outputId).catch(() => setAlert(t('videoCall.deviceErrors.choose')));
  }, [outputId, t, remoteVideoRef]);

  // The call timer: a 1 s tick from the moment both were present.
  const timing = state.startedAt !== null && isCallOpen(state.status);
  useEffect(() => {
    if (!timing) return undefined;
    const timer = setInterval(() => dispatch({ type: 'tick', at: Date.now() }), meetingRules.timerTickMs);
    return () => clearInterval(timer);
  }, [timing]);

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

  // SPEC 4: losing the refresh token (checked every second) closes the visit and resets it.
  const sessionEnded = useRef(onSessionEnded);
  useEffect(() => {
    sessionEnded.current = onSessionEnded;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (readItem(storageKeys.refreshToken)) return;
      clearInterval(timer);
      const open = teardown();
      if (open) sendEvents(open.meetingId, MeetingStopCode.forced);
      dispatch({ type: 'reset' });
      setConfirmingEnd(false);
      setAlert(t('videoCall.errors.sessionEnded'));
      sessionEnded.current();
    }, meetingRules.refreshTokenCheckMs);
    return () => clearInterval(timer);
  }, [sendEvents, t, teardown]);

  // SPEC 4: a language change during a call ends it; another window's change reaches this one.
  const callOpen = isCallOpen(state.status);
  useEffect(() => {
    if (!callOpen) return undefined;
    const onLanguage = (): void => stopCall(MeetingStopCode.normal, i18n.t('videoCall.errors.languageChanged'));
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [callOpen, i18n, stopCall]);
  useEffect(() => {
    const onStorage = (event: StorageEvent): void => {
      if (event.key !== storageKeys.lang || !isLanguage(event.newValue) || event.newValue === i18n.language) return;
      void changeLanguage(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [i18n]);

  // The call's start outlives a reload of this screen, which closes the call (see call-resume.ts).
  useEffect(() => {
    if (state.startedAt !== null && isCallOpen(state.status))
      keepCallStart(sessionStorage, seqSchedule, state.startedAt);
  }, [seqSchedule, state.startedAt, state.status]);

  // Closing the window while a call is open asks the browser's confirmation.
  useEffect(() => {
    if (!callOpen) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [callOpen]);

  // The signalling socket opens and authenticates with the screen, before Start. Leaving the screen
  // (or the window closing) lets go of the call, saying bye on the socket before it closes; the
  // server closes the meeting if we cannot.
  useEffect(() => {
    realtimeRef.current = openRealtime((message) => {
      const route = routeRef.current;
      if (!route || !('meetingId' in message) || message.meetingId !== route.meetingId) return;
      // Only this joining's signals: another tab of this clinician may have joined since.
      if (message.type === 'signal' && message.toAttendeeId === route.attendeeId)
        for (const listener of route.listeners) listener(message.data);
      else if (message.type === 'refused') route.onRefused(message.failedCode);
    });
    const onPageHide = (): void => {
      const ready = readyRef.current;
      const meetingId = teardown()?.meetingId ?? ready?.meeting?.meetingId;
      if (ready) ready.meeting = null;
      if (meetingId) void closeMeetingRequest({ meetingId, seqSchedule }, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      onPageHide();
      realtimeRef.current?.stop();
      realtimeRef.current = null;
    };
  }, [seqSchedule, teardown]);

  return {
    state,
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
