/**
 * The recorded start of a visit's call, kept for this window's session: a reload of the visit
 * screen closes its call, and Start carries the timer on from this start in the new one.
 */
type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A start older than this belongs to an earlier sitting, not to a call the screen reloaded in. */
const resumableForMs = 4 * 60 * 60_000;

const keyOf = (seqSchedule: number): string => `clinic-call-start-${seqSchedule}`;

export function keepCallStart(store: SessionStore, seqSchedule: number, startedAt: number): void {
  store.setItem(keyOf(seqSchedule), String(startedAt));
}

export function forgetCallStart(store: SessionStore, seqSchedule: number): void {
  store.removeItem(keyOf(seqSchedule));
}

/** The kept start of the visit's call, if one is kept and recent. */
export function resumableCallStart(store: SessionStore, seqSchedule: number, now: number): number | null {
  const startedAt = Number(store.getItem(keyOf(seqSchedule)));
  return Number.isFinite(startedAt) && startedAt > 0 && startedAt <= now && now - startedAt < resumableForMs
    ? startedAt
    : null;
}
