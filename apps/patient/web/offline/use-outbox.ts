import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { outbox, watchOutbox, type QueuedEndpoint } from './outbox.ts';
import type { OutboxEntry } from './outbox-store.ts';

/** The writes of one endpoint still on this device, oldest first: waiting to be sent, or refused. */
export function useOutboxEntries(endpoint: QueuedEndpoint): OutboxEntry[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.entries);
  return useMemo(() => entries.filter((entry) => entry.endpoint === endpoint.path), [entries, endpoint.path]);
}

/** While the patient is signed in, the outbox is sent now and whenever it may go through. */
export function useOutboxSending(): void {
  useEffect(() => watchOutbox(outbox), []);
}
