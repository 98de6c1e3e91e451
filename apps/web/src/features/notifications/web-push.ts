import { logProblem } from '../../shared/log/log-problem.ts';
import { getWebPushKeyRequest } from './api/get-web-push-key.ts';
import { updateTokenRequest } from '../../shared/api/update-token.ts';
import { notificationRules } from './notification-rules.ts';

/** Served from apps/web/public; its scope is the whole site. */
export const serviceWorkerUrl = '/sw.js';

export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** A base64url VAPID key as the bytes pushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * With permission granted: registers the service worker, subscribes to the server's push service
 * and stores the subscription for this session. Every failure (no push service in a headless or
 * offline browser, a refused subscription) is logged and nothing else: the socket still works.
 */
export async function registerPush(): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  try {
    const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' });
    await navigator.serviceWorker.ready;
    const key = base64UrlToBytes(await getWebPushKeyRequest());
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return (await updateTokenRequest(JSON.stringify(subscription.toJSON()))).isSuccess;
  } catch (error) {
    logProblem('push: cannot subscribe this browser', error);
    return false;
  }
}

/** Asks the browser for permission (from a click), then subscribes when it is given. */
export async function enablePush(): Promise<PushPermission> {
  if (!pushSupported()) return 'unsupported';
  try {
    const permission = await Notification.requestPermission();
    if (permission === 'granted') void registerPush();
    return permission;
  } catch (error) {
    logProblem('push: cannot ask for permission', error);
    return pushPermission();
  }
}

/** Drops this browser's subscription when the session ends, so no push outlives it. */
export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch (error) {
    logProblem('push: cannot unsubscribe', error);
  }
}

/** Leaves the service worker the sentences of the current language (it has no i18n of its own). */
export async function saveWorkerTexts(texts: unknown): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(notificationRules.textsCacheName);
    await cache.put(
      notificationRules.textsCachePath,
      new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json' } }),
    );
  } catch (error) {
    logProblem('push: cannot keep the notification texts', error);
  }
}

/** A tap on a system notification asks an open tab to show the notification's page. */
export function onWorkerNavigate(navigate: (path: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'navigate' && typeof data.path === 'string' && data.path.startsWith('/')) navigate(data.path);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
