/// <reference lib="webworker" />
/*
 * The patient app's service worker (docs/decisions/0014-patient-app-offline.md): the app's shell
 * from the precache, so it opens offline; Web Push notifications; and the background sync that
 * asks an open page to send its outbox. Replies of the API are never cached here: the page keeps
 * the patient's data (its persisted query cache and outbox), and the page alone holds the tokens.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { appScope } from './pwa/app-scope.ts';
import { appWindows, notificationOf, pageOfNotification, pushMessageOf, windowForPage } from './pwa/push-message.ts';
import { outboxFlushMessage, outboxSyncTag, skipWaitingMessage } from './pwa/worker-messages.ts';

declare const self: ServiceWorkerGlobalScope & {
  /** The built shell's files and their revisions, written in by the build (vite-plugin-pwa). */
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** A background sync's event (not yet in TypeScript's library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

function warn(problem: string, detail: unknown): void {
  // eslint-disable-next-line no-console -- a failure in the worker is logged, never shown
  console.warn(`[patient sw] ${problem}`, detail);
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Any page of the app opens the shell, which reads the address itself (`?screen=`, `?visit=`).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${appScope}index.html`), {
    allowlist: [new RegExp(`^${appScope}`)],
  }),
);

// A new version waits until every window of the old one is closed, unless a page asks it not to:
// nothing is lost by waiting, as the writes not yet sent are kept in IndexedDB by the page.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === skipWaitingMessage.type)
    void self.skipWaiting();
});
clientsClaim();

async function showPush(event: PushEvent): Promise<void> {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch (error) {
    warn('a push that is not JSON', error);
  }
  const message = pushMessageOf(payload);
  if (!message) {
    warn('a push outside the contract', payload);
    return;
  }
  const { title, options } = notificationOf(message);
  await self.registration.showNotification(title, options);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event).catch((error: unknown) => warn('cannot show a push', error)));
});

/** A tap opens the page the notification names: in the app's open window if there is one, else a new one. */
async function openPage(event: NotificationEvent): Promise<void> {
  event.notification.close();
  const page = pageOfNotification(event.notification.data, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windowForPage(windows, self.location.origin);
  if (open) {
    // Focused first, while the tap still allows it; a window this worker does not control cannot be sent on.
    const focused = await open.focus().catch(() => open);
    const moved = await focused.navigate(page).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(page);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openPage(event).catch((error: unknown) => warn('cannot open the app', error)));
});

/** The connection is back: every open window sends its outbox (only a page has the tokens to). */
async function askToFlush(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const window of appWindows(windows, self.location.origin)) window.postMessage(outboxFlushMessage);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === outboxSyncTag) sync.waitUntil(askToFlush());
});
