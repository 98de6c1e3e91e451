import type { WaitingPatient } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../shared/storage/local-storage.ts';
import { changesWaitingList, readWaitingRoomSound, saveWaitingRoomSound, type LobbyMessage } from './waiting-room.ts';

const patient = (seqSchedule: number): WaitingPatient => ({
  seqSchedule,
  seqMedicalRelation: 40 + seqSchedule,
  patientName: `Patient ${seqSchedule}`,
  waitingSince: '2026-11-27T14:02:00.000Z',
  scheduleExpectStartDatetime: '2026-11-27T14:00:00.000Z',
});

const lobby = (state: LobbyMessage['state'], seqSchedule: number): LobbyMessage => ({
  type: 'lobby',
  state,
  patient: patient(seqSchedule),
});

describe('the waiting room sound switch', () => {
  it('is on until turned off in this browser, and kept under waitingRoomSound', () => {
    const storage = createMemoryStorage();
    expect(readWaitingRoomSound(storage)).toBe(true);
    saveWaitingRoomSound(false, storage);
    expect(storage.getItem('waitingRoomSound')).toBe('off');
    expect(readWaitingRoomSound(storage)).toBe(false);
    saveWaitingRoomSound(true, storage);
    expect(readWaitingRoomSound(storage)).toBe(true);
  });

  it('takes anything but off as on', () => {
    expect(readWaitingRoomSound(createMemoryStorage({ waitingRoomSound: 'loud' }))).toBe(true);
  });
});

describe('which lobby messages read the waiting list again', () => {
  const shown = [patient(1), patient(2)];

  it('skips the heartbeat of a patient already listed', () => {
    expect(changesWaitingList(shown, lobby('waiting', 2))).toBe(false);
  });

  it('reads on a heartbeat of a patient not listed (an arrival the socket missed) or before any list', () => {
    expect(changesWaitingList(shown, lobby('waiting', 3))).toBe(true);
    expect(changesWaitingList(undefined, lobby('waiting', 1))).toBe(true);
  });

  it('reads on every arrival, knock, departure and admission', () => {
    for (const state of ['knocked', 'left', 'admitted'] as const) {
      expect(changesWaitingList(shown, lobby(state, 1))).toBe(true);
      expect(changesWaitingList(shown, lobby(state, 3))).toBe(true);
    }
  });
});
