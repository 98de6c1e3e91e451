import { readItem, storageKeys, writeItem } from '../storage/local-storage.ts';

export type IdleStatus = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/** SPEC 4 "Session": the state after `now - lastActivity` ms without activity. */
export function idleStatus(
  now: number,
  lastActivity: number,
  limitSeconds: number,
  warningSeconds: number,
): IdleStatus {
  const idleMs = Math.max(0, now - lastActivity);
  const leftMs = limitSeconds * 1000 - idleMs;
  if (leftMs <= 0) return { kind: 'expired' };
  const secondsLeft = Math.ceil(leftMs / 1000);
  return secondsLeft <= warningSeconds ? { kind: 'warning', secondsLeft } : { kind: 'active' };
}

/** The last activity of any tab (local storage `time`), or undefined when none was recorded. */
export function readLastActivity(): number | undefined {
  const value = Number(readItem(storageKeys.time));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function recordActivity(now: number = Date.now()): void {
  writeItem(storageKeys.time, String(now));
}
