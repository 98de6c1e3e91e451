import type { ServerMessage, WaitingPatient } from '@clinic/contract';
import { readItem, storageKeys, writeItem, type KeyValueStorage } from '../../shared/storage/local-storage.ts';

/** What the socket says of a patient in the waiting room of one of the clinician's visits. */
export type LobbyMessage = Extract<ServerMessage, { type: 'lobby' }>;

/** Whether a knock chimes in this browser: on unless the clinician turned it off here. */
export function readWaitingRoomSound(storage?: KeyValueStorage): boolean {
  return readItem(storageKeys.waitingRoomSound, storage) !== 'off';
}

export function saveWaitingRoomSound(on: boolean, storage?: KeyValueStorage): void {
  writeItem(storageKeys.waitingRoomSound, on ? 'on' : 'off', storage);
}

/**
 * Whether a lobby message may change the list shown: every message but the heartbeat (every 20 s)
 * of a patient the list has already, which would only read the same list again.
 */
export function changesWaitingList(list: readonly WaitingPatient[] | undefined, message: LobbyMessage): boolean {
  return message.state !== 'waiting' || !list?.some((patient) => patient.seqSchedule === message.patient.seqSchedule);
}
