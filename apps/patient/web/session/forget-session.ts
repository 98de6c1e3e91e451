import { queryCache, queryClient } from '../api/queries.ts';
import { dropPushSubscription } from '../pwa/push.ts';
import { tokenStore } from './token-store.ts';

/**
 * The browser forgets the session and everything of the patient's it kept: the replies in memory
 * and their copy kept offline, the writes not sent yet, and this phone's push subscription (the
 * server dropped the session's with the logout, or with the session's end). The tokens go first,
 * so nothing is kept again meanwhile; a part that fails leaves the rest.
 */
export function forgetSession(): void {
  tokenStore.clear();
  queryClient.clear();
  void Promise.all(
    [
      queryCache.forget(),
      // Loaded here, not with the login screen, which has no outbox.
      import('../offline/outbox.ts').then(({ clearOutbox }) => clearOutbox()),
      dropPushSubscription(),
    ].map((task) => task.catch(() => undefined)),
  );
}
