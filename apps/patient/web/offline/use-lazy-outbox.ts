import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { startLazily } from '../lazy/start-lazily.ts';
import type { Outbox, QueuedEndpoint } from './outbox.ts';
import type { OutboxEntry } from './outbox-store.ts';

const none: readonly OutboxEntry[] = [];
const noEntries = (): readonly OutboxEntry[] => none;
const noSubscription = (): (() => void) => () => undefined;

/**
 * The writes of one endpoint still on this device, for a screen that only shows them: the outbox's
 * code (IndexedDB, the endpoints' checks) loads after the screen's first draw, as the app's sending does.
 */
export function useLazyOutboxEntries(endpoint: QueuedEndpoint): readonly OutboxEntry[] {
  const [box, setBox] = useState<Outbox>();
  useEffect(
    () =>
      startLazily(
        () => import('./outbox.ts'),
        ({ outbox }) => {
          setBox(outbox);
          return () => undefined;
        },
      ),
    [],
  );
  const entries = useSyncExternalStore(box?.subscribe ?? noSubscription, box?.entries ?? noEntries);
  return useMemo(() => entries.filter((entry) => entry.endpoint === endpoint.path), [entries, endpoint.path]);
}
