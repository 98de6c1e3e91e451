import { useCallback, useSyncExternalStore } from 'react';
import { readWaitingRoomSound, saveWaitingRoomSound } from '../waiting-room.ts';

const switchedHere = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  switchedHere.add(listener);
  // The home page and the call's window show the same switch.
  window.addEventListener('storage', listener);
  return () => {
    switchedHere.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The waiting room's sound switch, kept in this browser and alike in all its tabs. */
export function useWaitingRoomSound(): [on: boolean, setOn: (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, readWaitingRoomSound);
  const setOn = useCallback((next: boolean): void => {
    saveWaitingRoomSound(next);
    for (const listener of switchedHere) listener();
  }, []);
  return [on, setOn];
}
