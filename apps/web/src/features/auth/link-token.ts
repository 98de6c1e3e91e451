import { useSyncExternalStore } from 'react';

/** Mailed links carry their token in the fragment (`#verify=...`, `#reset=...`), so it never reaches a server log. */
export type LinkKind = 'verify' | 'reset';

export interface CapturedLink {
  token: string;
  /** Grows with every captured link, so a screen can tell a new link from one it has handled. */
  id: number;
}

export function readLinkToken(hash: string, kind: LinkKind): string | undefined {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return undefined;
  const value = new URLSearchParams(fragment).get(kind);
  return value === null || value.trim() === '' ? undefined : value.trim();
}

/** Removes the fragment from the address bar and from the history entry, keeping path and query. */
export function clearUrlFragment(): void {
  if (typeof window === 'undefined' || window.location.hash === '') return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

const captured: Partial<Record<LinkKind, CapturedLink>> = {};
const listeners = new Set<() => void>();
let lastId = 0;

/** Takes a link token out of the address bar into memory; answers whether there was one. */
export function captureLinkTokens(): boolean {
  if (typeof window === 'undefined') return false;
  let found = false;
  for (const kind of ['verify', 'reset'] as const) {
    const token = readLinkToken(window.location.hash, kind);
    if (token) {
      captured[kind] = { token, id: ++lastId };
      found = true;
    }
  }
  if (!found) return false;
  clearUrlFragment();
  for (const listener of listeners) listener();
  return true;
}

/** Captures the link of the first page load, and of links opened later in the same tab. */
export function startLinkCapture(): void {
  captureLinkTokens();
  window.addEventListener('hashchange', () => {
    captureLinkTokens();
  });
}

/** Forgets a handled link, so coming back to its screen later starts afresh. */
export function forgetLinkToken(kind: LinkKind, id: number): void {
  if (captured[kind]?.id !== id) return;
  delete captured[kind];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLinkToken(kind: LinkKind): CapturedLink | undefined {
  return useSyncExternalStore(
    subscribe,
    () => captured[kind],
    () => undefined,
  );
}

const pending = new Map<string, Promise<unknown>>();

/** Runs a one-time link action once per page, even when a screen mounts twice. */
export function once<T>(key: string, task: () => Promise<T>): Promise<T> {
  const existing = pending.get(key);
  if (existing) return existing as Promise<T>;
  const started = task();
  pending.set(key, started);
  return started;
}
