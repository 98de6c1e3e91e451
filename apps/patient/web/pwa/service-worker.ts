import { appScope } from './app-scope.ts';
import { skipWaitingMessage } from './worker-messages.ts';

/** The built worker (web/sw.ts), beside the page; its scope is the app's pages only. */
export const serviceWorkerUrl = `${appScope}sw.js`;

/** The parts of the browser's service worker container this module uses (a fake one in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'getRegistration' | 'controller'> &
  Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export function browserWorkers(): WorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/** The app's worker registration, once the app has registered it (production builds). */
export async function appRegistration(
  workers: WorkerContainer | undefined = browserWorkers(),
): Promise<ServiceWorkerRegistration | undefined> {
  try {
    return await workers?.getRegistration(appScope);
  } catch {
    return undefined;
  }
}

/**
 * Calls `onWaiting` with a way to switch to it whenever a new version of the worker has installed
 * and waits for the app's windows to close. Switching reloads the page once the new worker controls
 * it; without it the new version starts the next time the app is opened.
 */
export function watchForUpdate(
  workers: WorkerContainer,
  registration: ServiceWorkerRegistration,
  onWaiting: (update: () => void) => void,
  reload: () => void = () => window.location.reload(),
): void {
  let asked = false;
  const offer = (worker: ServiceWorker): void =>
    onWaiting(() => {
      asked = true;
      worker.postMessage(skipWaitingMessage);
    });
  // The first worker also takes control (clientsClaim): only a switch the page asked for reloads it.
  workers.addEventListener('controllerchange', () => {
    if (asked) reload();
  });
  if (registration.waiting && workers.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // Installed while an older version controls the page: it waits.
      if (installing.state === 'installed' && workers.controller) offer(installing);
    });
  });
}

/**
 * Registers the app's worker (production builds only: the development server has no built worker),
 * and tells `onUpdate` when a new version waits. A browser without service workers, or one that
 * refuses it (private mode), keeps a working app without the offline shell and push.
 */
export async function registerServiceWorker(
  onUpdate: (update: () => void) => void,
  workers: WorkerContainer | undefined = browserWorkers(),
): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !workers) return undefined;
  try {
    const registration = await workers.register(serviceWorkerUrl, { scope: appScope });
    watchForUpdate(workers, registration, onUpdate);
    return registration;
  } catch (error) {
    // eslint-disable-next-line no-console -- the app works on without its worker
    console.warn('[patient] no service worker', error);
    return undefined;
  }
}
