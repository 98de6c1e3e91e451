/** Mailed links carry their token in the fragment (`#verify=...`, `#reset=...`), so it never reaches a server log. */
export type LinkKind = 'verify' | 'reset';

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

const pending = new Map<string, Promise<unknown>>();

/** Runs a one-time link action once per page, even when a screen mounts twice. */
export function once<T>(key: string, task: () => Promise<T>): Promise<T> {
  const existing = pending.get(key);
  if (existing) return existing as Promise<T>;
  const started = task();
  pending.set(key, started);
  return started;
}
