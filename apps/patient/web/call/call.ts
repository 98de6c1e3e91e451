import { scheduleRules, scheduleStateOf, type PatientSchedule } from '@clinic/contract';
import type { CallConnectionState, CallTransport } from '@clinic/call';
import type { RealtimeChannel } from '../realtime/realtime-channel.ts';
import type { CallMessage } from '../realtime/realtime.ts';
import { minutesOf } from '../visits/visits.ts';

/** What the socket last said about a visit's call, and when it was heard. */
export interface HeardCall {
  meetingId: string;
  open: boolean;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The calls heard of so far, by visit, with a 'meeting' message taken in. */
export function heardCalls(
  heard: ReadonlyMap<number, HeardCall>,
  message: CallMessage,
  at: number,
): Map<number, HeardCall> {
  const next = new Map(heard);
  if (message.type === 'meeting')
    next.set(message.seqSchedule, { meetingId: message.meetingId, open: message.state === 'opened', at });
  return next;
}

/**
 * Whether a visit's call is open: the server marks a visit in progress while its call is open, so
 * the visit list says it; a socket message heard after the list was fetched says it sooner.
 */
export function isCallOpen(visit: PatientSchedule, heard: HeardCall | undefined, fetchedAt: number): boolean {
  if (heard && heard.at >= fetchedAt) return heard.open;
  return scheduleStateOf(visit.scheduleStatus) === 'inProgress';
}

/**
 * When the visit's waiting room is open, in milliseconds since the epoch: from
 * `scheduleRules.earlyStartMinutes` before its start (when the clinician may start the call) until its end.
 */
export function waitingRoomHours(visit: PatientSchedule): { opens: number; closes: number } {
  const start = Date.parse(visit.scheduleExpectStartDatetime);
  return {
    opens: start - scheduleRules.earlyStartMinutes * 60_000,
    closes: start + minutesOf(visit.scheduleExpectProgressTime) * 60_000,
  };
}

/** The visit to show first: one whose call is open, else the soonest; upcoming is soonest first. */
export function nextVisit(
  upcoming: readonly PatientSchedule[],
  open: (visit: PatientSchedule) => boolean,
): PatientSchedule | undefined {
  return upcoming.find(open) ?? upcoming[0];
}

/** What the call screen shows: 'lobby' in the waiting room, 'waiting' in the call for the clinician to come. */
export type CallStatus =
  'joining' | 'lobby' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'failed';

/** The screen's status from the call session: waiting until the clinician is there, then the connection's. */
export function callStatusOf(state: CallConnectionState, remotePresent: boolean): CallStatus {
  switch (state) {
    case 'closed':
      return 'ended';
    case 'waiting':
      return remotePresent ? 'connecting' : 'waiting';
    default:
      return state;
  }
}

/** Whether a call message says that the call the patient is in is over. */
export function endsCall(message: CallMessage, call: { meetingId: string; seqSchedule: number }): boolean {
  if (message.type === 'meeting')
    return (
      message.state === 'closed' && (message.meetingId === call.meetingId || message.seqSchedule === call.seqSchedule)
    );
  // The server refuses signals for a call that has been closed.
  return message.type === 'refused' && message.meetingId === call.meetingId;
}

/**
 * The call session's signalling with the clinician over the patient's realtime socket, for one
 * joining of a meeting: what is meant for another joining (another tab, or before a reload), and a
 * guest's signals (their own pair), are left alone.
 */
export function callTransport(
  channel: RealtimeChannel,
  { meetingId, attendeeId }: { meetingId: string; attendeeId: string },
): CallTransport {
  return {
    send: (data) => channel.send({ type: 'signal', meetingId, attendeeId, data }),
    onSignal: (listener) =>
      channel.subscribe((message) => {
        if (
          message.type === 'signal' &&
          message.meetingId === meetingId &&
          message.toAttendeeId === attendeeId &&
          message.from === 'clinician'
        )
          listener(message.data);
      }),
  };
}

/** The local media of a call: what could be had, and why something is missing. */
export interface LocalMedia {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Set when the camera or microphone (or both) could not be used. */
  problem?: 'blocked' | 'noCamera' | 'noMicrophone' | 'noMedia';
}

type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

const isBlocked = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError');

/**
 * Camera and microphone together; failing that the microphone alone, then the camera alone, so a
 * patient without a camera still talks. A refusal of permission is not retried piece by piece.
 */
export async function openLocalMedia(getUserMedia: GetUserMedia): Promise<LocalMedia> {
  const attempts: { audio: boolean; video: boolean }[] = [
    { audio: true, video: true },
    { audio: true, video: false },
    { audio: false, video: true },
  ];
  for (const attempt of attempts) {
    try {
      const stream = await getUserMedia(attempt);
      const audio = stream.getAudioTracks()[0] ?? null;
      const video = stream.getVideoTracks()[0] ?? null;
      const problem = !video ? (audio ? 'noCamera' : 'noMedia') : !audio ? 'noMicrophone' : undefined;
      return { audio, video, ...(problem && { problem }) };
    } catch (error) {
      if (isBlocked(error)) return { audio: null, video: null, problem: 'blocked' };
    }
  }
  return { audio: null, video: null, problem: 'noMedia' };
}
