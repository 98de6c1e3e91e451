import { ScheduleStatus, type ClientSignal, type PatientSchedule, type SignalData } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { createRealtimeHub } from '../realtime/realtime-channel.ts';
import type { CallMessage } from '../realtime/realtime.ts';
import {
  callStatusOf,
  callTransport,
  endsCall,
  heardCalls,
  isCallOpen,
  nextVisit,
  openLocalMedia,
  waitingRoomHours,
} from './call.ts';

const meetingId = '3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60';

function visit(seqSchedule: number, start: string, scheduleStatus: number = ScheduleStatus.waiting): PatientSchedule {
  return {
    seqSchedule,
    scheduleExpectStartDatetime: start,
    scheduleStatus,
    managerName: 'Grace Hopper',
  } as PatientSchedule;
}

type MeetingMessage = Extract<CallMessage, { type: 'meeting' }>;
const opened = (seqSchedule: number, id = meetingId): MeetingMessage => ({
  type: 'meeting',
  meetingId: id,
  seqSchedule,
  state: 'opened',
});
const closed = (seqSchedule: number, id = meetingId): MeetingMessage => ({
  ...opened(seqSchedule, id),
  state: 'closed',
});

describe('whether a visit’s call is open', () => {
  it('reads the visit list, in progress meaning open, until the socket says otherwise later', () => {
    const waiting = visit(1, '2026-11-22T10:00:00Z');
    const inProgress = visit(1, '2026-11-22T10:00:00Z', ScheduleStatus.inProgress);
    expect(isCallOpen(waiting, undefined, 1000)).toBe(false);
    expect(isCallOpen(inProgress, undefined, 1000)).toBe(true);

    const heard = heardCalls(new Map(), opened(1), 2000);
    expect(isCallOpen(waiting, heard.get(1), 1000)).toBe(true);
    // A list fetched after the message is newer.
    expect(isCallOpen(waiting, heard.get(1), 3000)).toBe(false);
    const after = heardCalls(heard, closed(1), 4000);
    expect(isCallOpen(inProgress, after.get(1), 3000)).toBe(false);
    expect(after.get(1)).toEqual({ meetingId, open: false, at: 4000 });
    // Other messages change nothing, and the map given in is left as it was.
    const signal: CallMessage = {
      type: 'signal',
      meetingId,
      fromAttendeeId: 'a',
      from: 'clinician',
      toAttendeeId: 'b',
      data: { kind: 'bye' },
    };
    expect(heardCalls(after, signal, 5000)).toEqual(after);
    expect(heard.get(1)?.open).toBe(true);
  });

  it('puts a visit whose call is open first, else the soonest', () => {
    const upcoming = [visit(1, '2026-11-22T10:00:00Z'), visit(2, '2026-11-22T11:00:00Z')];
    expect(nextVisit(upcoming, () => false)?.seqSchedule).toBe(1);
    expect(nextVisit(upcoming, (entry) => entry.seqSchedule === 2)?.seqSchedule).toBe(2);
    expect(nextVisit([], () => true)).toBeUndefined();
  });
});

describe('the waiting room of a visit', () => {
  it('opens 15 minutes before the visit and closes at its end', () => {
    const half = { ...visit(1, '2026-11-22T10:00:00.000Z'), scheduleExpectProgressTime: '00:30:00' } as PatientSchedule;
    expect(waitingRoomHours(half)).toEqual({
      opens: Date.parse('2026-11-22T09:45:00.000Z'),
      closes: Date.parse('2026-11-22T10:30:00.000Z'),
    });
  });
});

describe('the call screen', () => {
  it('waits for the clinician, then follows the connection', () => {
    expect(callStatusOf('waiting', false)).toBe('waiting');
    expect(callStatusOf('waiting', true)).toBe('connecting');
    expect(callStatusOf('connecting', true)).toBe('connecting');
    expect(callStatusOf('connected', true)).toBe('connected');
    expect(callStatusOf('reconnecting', true)).toBe('reconnecting');
    expect(callStatusOf('closed', false)).toBe('ended');
  });

  it('ends when the clinician closes this call, or the server refuses its signals', () => {
    const call = { meetingId, seqSchedule: 7 };
    expect(endsCall(closed(7), call)).toBe(true);
    expect(endsCall(closed(7, 'another-meeting'), call)).toBe(true);
    expect(endsCall(closed(8, 'another-meeting'), call)).toBe(false);
    expect(endsCall(opened(7), call)).toBe(false);
    expect(endsCall({ type: 'refused', meetingId, failedCode: 'CM0403' }, call)).toBe(true);
    expect(endsCall({ type: 'refused', meetingId: 'other', failedCode: 'CM0403' }, call)).toBe(false);
  });
});

describe('signalling over the realtime socket', () => {
  it('sends for its joining of the meeting and hears only the signals meant for it', () => {
    const hub = createRealtimeHub();
    const sent: ClientSignal[] = [];
    hub.attach({ send: (message) => sent.push(message) });
    const attendeeId = 'joining-2';
    const transport = callTransport(hub, { meetingId, attendeeId });
    const heard: SignalData[] = [];
    const stop = transport.onSignal((data) => heard.push(data));

    transport.send({ kind: 'hello', sessionId: 's-1' });
    expect(sent).toEqual([{ type: 'signal', meetingId, attendeeId, data: { kind: 'hello', sessionId: 's-1' } }]);

    const from = { fromAttendeeId: 'a', toAttendeeId: attendeeId, from: 'clinician' };
    hub.dispatch({ type: 'signal', meetingId, ...from, data: { kind: 'offer', sdp: 'v=0' } });
    hub.dispatch({ type: 'signal', meetingId: 'other', ...from, data: { kind: 'bye' } });
    // Meant for an earlier joining, before a reload.
    hub.dispatch({
      type: 'signal',
      meetingId,
      fromAttendeeId: 'a',
      toAttendeeId: 'joining-1',
      from: 'clinician',
      data: { kind: 'bye' },
    });
    // A guest's signal, for the pair with the guest.
    hub.dispatch({ type: 'signal', meetingId, ...from, from: `guest:${meetingId}`, data: { kind: 'bye' } });
    hub.dispatch(opened(7));
    expect(heard).toEqual([{ kind: 'offer', sdp: 'v=0' }]);

    stop();
    hub.dispatch({ type: 'signal', meetingId, ...from, data: { kind: 'bye' } });
    expect(heard).toHaveLength(1);
    // Without a socket, nothing is sent and nothing throws.
    hub.attach(undefined);
    transport.send({ kind: 'bye' });
    expect(sent).toHaveLength(1);
  });
});

describe('the camera and microphone', () => {
  const track = (kind: 'audio' | 'video') => ({ kind }) as MediaStreamTrack;
  const stream = (kinds: ('audio' | 'video')[]) =>
    ({
      getAudioTracks: () => kinds.filter((kind) => kind === 'audio').map(track),
      getVideoTracks: () => kinds.filter((kind) => kind === 'video').map(track),
    }) as MediaStream;
  const failure = (name: string) => Object.assign(new Error(name), { name });

  it('takes both when it can', async () => {
    const media = await openLocalMedia(() => Promise.resolve(stream(['audio', 'video'])));
    expect(media.audio?.kind).toBe('audio');
    expect(media.video?.kind).toBe('video');
    expect(media.problem).toBeUndefined();
  });

  it('falls back to the microphone alone, then the camera alone', async () => {
    const asked: MediaStreamConstraints[] = [];
    const noCamera = await openLocalMedia((constraints) => {
      asked.push(constraints);
      return constraints.video ? Promise.reject(failure('NotFoundError')) : Promise.resolve(stream(['audio']));
    });
    expect(asked).toEqual([
      { audio: true, video: true },
      { audio: true, video: false },
    ]);
    expect(noCamera).toMatchObject({ video: null, problem: 'noCamera' });

    const noMicrophone = await openLocalMedia((constraints) =>
      constraints.audio ? Promise.reject(failure('NotFoundError')) : Promise.resolve(stream(['video'])),
    );
    expect(noMicrophone).toMatchObject({ audio: null, problem: 'noMicrophone' });

    const none = await openLocalMedia(() => Promise.reject(failure('NotReadableError')));
    expect(none).toEqual({ audio: null, video: null, problem: 'noMedia' });
  });

  it('does not ask piece by piece once permission is refused', async () => {
    let asked = 0;
    const blocked = await openLocalMedia(() => {
      asked += 1;
      return Promise.reject(failure('NotAllowedError'));
    });
    expect(blocked).toEqual({ audio: null, video: null, problem: 'blocked' });
    expect(asked).toBe(1);
  });
});
