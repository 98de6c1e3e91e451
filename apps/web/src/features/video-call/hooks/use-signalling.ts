import type { SignalData } from '@clinic/contract';
import { useEffect, type RefObject } from 'react';
import { openRealtime, type RealtimeConnection } from '../../../shared/realtime/realtime-connection.ts';
import { closeMeetingRequest } from '../api/close-meeting.ts';

/** Where the socket hands the signals of the open call's joining. */
export interface SignalRoute {
  meetingId: string;
  attendeeId: string;
  listeners: Set<(data: SignalData) => void>;
  onRefused: (failedCode: string) => void;
}

/**
 * The signalling socket opens and authenticates with the screen, before Start, and hands each
 * signal to the open call's route. Leaving the screen (or the window closing) lets go of the call
 * (`letGoOfMeeting` answers the meeting it held), saying bye on the socket before it closes; the
 * server closes the meeting if we cannot.
 */
export function useSignalling({
  seqSchedule,
  realtimeRef,
  routeRef,
  letGoOfMeeting,
}: {
  seqSchedule: number;
  realtimeRef: RefObject<RealtimeConnection | null>;
  routeRef: RefObject<SignalRoute | null>;
  letGoOfMeeting: () => string | undefined;
}): void {
  useEffect(() => {
    realtimeRef.current = openRealtime((message) => {
      const route = routeRef.current;
      if (!route || !('meetingId' in message) || message.meetingId !== route.meetingId) return;
      // Only this joining's signals from the patient: another tab of this clinician may have joined
      // since, and a guest's signals are for the pair with that guest.
      if (message.type === 'signal' && message.toAttendeeId === route.attendeeId && message.from === 'patient')
        for (const listener of route.listeners) listener(message.data);
      else if (message.type === 'refused') route.onRefused(message.failedCode);
    });
    const onPageHide = (): void => {
      const meetingId = letGoOfMeeting();
      if (meetingId) void closeMeetingRequest({ meetingId, seqSchedule }, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      onPageHide();
      realtimeRef.current?.stop();
      realtimeRef.current = null;
    };
  }, [seqSchedule, letGoOfMeeting, realtimeRef, routeRef]);
}
