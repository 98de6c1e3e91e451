import { useMemo, useSyncExternalStore } from 'react';
import { outbox, type QueuedEndpoint } from './outbox.ts';
import type { OutboxEntry } from './outbox-store.ts';

/** The writes of one endpoint still on this device, oldest first: waiting to be sent, or refused. */
export function useOutboxEntries(endpoint: QueuedEndpoint): OutboxEntry[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.entries);
  return useMemo(() => entries.filter((entry) => entry.endpoint === endpoint.path), [entries, endpoint.path]);
}
