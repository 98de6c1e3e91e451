import type { ServerMessage } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { isCallMessage } from './realtime.ts';

const meetingId = '3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const attendeeId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the patient realtime messages', () => {
  it('passes call messages to the call screens and nothing else', () => {
    const calls: ServerMessage[] = [
      { type: 'meeting', meetingId, seqSchedule: 7, state: 'opened' },
      {
        type: 'signal',
        meetingId,
        fromAttendeeId: 'a-1',
        from: 'clinician',
        toAttendeeId: attendeeId,
        data: { kind: 'offer', sdp: 'v=0' },
      },
      { type: 'refused', meetingId, failedCode: 'CM0403' },
    ];
    const others: ServerMessage[] = [
      { type: 'ready' },
      {
        type: 'notification',
        notification: {
          key: 'n-1',
          pushType: 1,
          seqSchedule: 7,
          seqMedicalRelation: 3,
          patientName: 'Min-jun Chan',
          managerName: 'Grace Hopper',
          scheduleExpectStartDatetime: '2026-11-23T00:00:00Z',
          time: '2026-11-22T10:00:00Z',
        },
      },
    ];
    expect(calls.filter(isCallMessage)).toEqual(calls);
    expect(others.filter(isCallMessage)).toEqual([]);
  });
});
