import { create } from 'zustand';
import { writeFunctionalCookie } from '../notices/cookie-consent.ts';
import { getBrowserCookie } from '../storage/cookies.ts';
import { readItem, storageKeys, writeItem } from '../storage/local-storage.ts';
import { defaultUnit, isUnit, type Unit } from './units.ts';

/** The unit chosen on this device: local storage `unit`, else the `unit` cookie, else imperial. */
export function readUnit(): Unit {
  const stored = readItem(storageKeys.unit);
  if (isUnit(stored)) return stored;
  const cookie = getBrowserCookie(storageKeys.unit);
  return isUnit(cookie) ? cookie : defaultUnit;
}

interface UnitState {
  unit: Unit;
  setUnit: (unit: Unit) => void;
}

export const useUnitStore = create<UnitState>()((set) => ({
  unit: readUnit(),
  setUnit: (unit) => {
    writeItem(storageKeys.unit, unit);
    writeFunctionalCookie(storageKeys.unit, unit);
    set({ unit });
  },
}));

export function useUnit(): Unit {
  return useUnitStore((state) => state.unit);
}
