import { useEffect } from 'react';
import { startLazily } from '../lazy/start-lazily.ts';

/**
 * While the patient is signed in, the outbox is sent now and whenever it may go through. Its code
 * (IndexedDB, the queued endpoints' checks) loads beside the first screen, not before it.
 */
export function useOutboxSending(): void {
  useEffect(
    () =>
      startLazily(
        () => import('./outbox.ts'),
        ({ outbox, watchOutbox }) => watchOutbox(outbox),
      ),
    [],
  );
}
