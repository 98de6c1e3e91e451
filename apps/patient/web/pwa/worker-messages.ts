/** What the page and the service worker tell each other (web/sw.ts). */

/** The tag of the background sync after which the worker asks the open pages to send their outbox. */
export const outboxSyncTag = 'outbox';

/** Worker to page: send the outbox now (only a page holds the tokens it is sent with). */
export const outboxFlushMessage = { type: 'flush-outbox' } as const;

/** Page to a waiting worker: take over now rather than when the app is next opened. */
export const skipWaitingMessage = { type: 'skip-waiting' } as const;
