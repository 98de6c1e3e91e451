import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { screenOfSearch, searchOfScreen, type Screen } from './screen-url.ts';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function currentSearch(): string {
  return window.location.search;
}

/** The screen the address shows, and a way to go to another one (a new history entry). */
export function useScreen(): [Screen, (screen: Screen) => void] {
  const search = useSyncExternalStore(subscribe, currentSearch);
  const screen = useMemo(() => screenOfSearch(search), [search]);
  const go = useCallback((next: Screen): void => {
    const { pathname, search: from, hash } = window.location;
    const to = searchOfScreen(from, next);
    if (to !== from) window.history.pushState(null, '', `${pathname}${to}${hash}`);
    for (const listener of [...listeners]) listener();
  }, []);
  return [screen, go];
}
