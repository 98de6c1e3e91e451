import { createCallSession, type CallSession } from '@clinic/call';
import type { CallParticipant, IceServer } from '@clinic/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { closeMeetingRequest } from '../api/close-meeting.ts';
import { createMeetingRequest, type CreateMeetingReply } from '../api/create-meeting.ts';
import type { MeetingEventName } from '../meeting-events.ts';

/** A joining of the visit's meeting, from createMeeting. */
export interface Joining {
  meetingId: string;
  attendeeId: string;
  iceServers: IceServer[];
  /** The others the call is for: the patient, and the guests let in. */
  participants: CallParticipant[];
}

/**
 * What the screen prepares before Start: the session, and the meeting opened with the screen
 * (null once Start has taken it, or if it could not be opened then).
 */
export interface Prepared {
  session: CallSession | null;
  meeting: Joining | null;
}

export function joiningOf(reply: Extract<CreateMeetingReply, { isSuccess: true }>): Joining {
  return {
    meetingId: reply.Meeting.MeetingId,
    attendeeId: reply.Attendee.AttendeeId,
    iceServers: reply.iceServers,
    participants: reply.participants,
  };
}

interface PreparedSession {
  /** The preparation Start waits for. */
  preparedRef: RefObject<Promise<Prepared> | null>;
  /** What was prepared, once it is. */
  readyRef: RefObject<Prepared | null>;
}

/**
 * While the devices are set up, the meeting opens (once per screen: the patient may join and
 * wait) and the session is prepared with its offer, so that Start only has to send it. A meeting
 * that cannot open yet (too early) is asked for again by Start, which tells why. Each new
 * `preparation` (a call's end) prepares the next session. What the session sends follows the
 * devices and the camera toggle.
 */
export function usePreparedSession({
  seqSchedule,
  preparation,
  sentVideo,
  sentAudio,
  logEvent,
}: {
  seqSchedule: number;
  preparation: number;
  sentVideo: MediaStreamTrack | null;
  sentAudio: MediaStreamTrack | null;
  logEvent: (name: MeetingEventName, attributes?: Record<string, string | number | boolean | null>) => void;
}): PreparedSession {
  /** The session Start uses: prepared with the devices' tracks before Start, then the open call's. */
  const [session, setSession] = useState<CallSession | null>(null);
  const preparedRef = useRef<Promise<Prepared> | null>(null);
  const readyRef = useRef<Prepared | null>(null);
  /** A preparation let go of, whose meeting is closed unless the screen takes it straight back (a remount). */
  const letGo = useRef<{
    seqSchedule: number;
    preparing: Promise<Prepared>;
    timer: ReturnType<typeof setTimeout>;
  } | null>(null);

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

  useEffect(() => {
    session?.replaceTrack('video', sentVideo).catch(() => logEvent('videoInputFailed', { error: 'replaceTrack' }));
  }, [session, sentVideo, logEvent]);
  useEffect(() => {
    session?.replaceTrack('audio', sentAudio).catch(() => logEvent('audioInputFailed', { error: 'replaceTrack' }));
  }, [session, sentAudio, logEvent]);

  return { preparedRef, readyRef };
}
