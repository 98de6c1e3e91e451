import { getPatientWebPushKey, updatePatientPushToken } from '@clinic/contract';
import { api } from '../api/client.ts';
import { pushSupported } from './push-support.tsx';
import { appRegistration } from './service-worker.ts';

/** Whether this browser can get the app's notifications, and whether it does for this session. */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

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

async function pushManager(): Promise<PushManager | undefined> {
  if (!pushSupported()) return undefined;
  return (await appRegistration())?.pushManager;
}

export async function pushStatus(): Promise<PushStatus> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await manager.getSubscription()) ? 'on' : 'off';
}

/** Stores this browser's subscription with the session; the server writes its messages in the language of this call. */
async function register(subscription: PushSubscription): Promise<void> {
  await api.callApi(updatePatientPushToken, { fcmToken: JSON.stringify(subscription.toJSON()) }, { silent: true });
}

/**
 * Asks for permission (from a tap), subscribes with the server's key and registers the subscription
 * with the session. Throws when the browser's push service or the server cannot be reached.
 */
export async function turnPushOn(): Promise<PushStatus> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await api.callApi(getPatientWebPushKey, {}, { silent: true });
  const key = base64UrlToBytes(publicKey);
  let subscription = await manager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await register(subscription);
  return 'on';
}

/** The session stops getting notifications, and this browser drops its subscription. */
export async function turnPushOff(): Promise<PushStatus> {
  const subscription = await (await pushManager())?.getSubscription();
  await api.callApi(updatePatientPushToken, { fcmToken: '' }, { silent: true });
  await subscription?.unsubscribe();
  return pushStatus();
}

/**
 * Registers this browser's subscription again, with the current language: the server writes the
 * messages in the language and time zone of the registering call.
 */
export async function renewPushRegistration(): Promise<void> {
  if ((await pushStatus()) !== 'on') return;
  const subscription = await (await pushManager())?.getSubscription();
  if (subscription) await register(subscription);
}

/** On sign-out: the browser drops its subscription (the server dropped the session's with the logout). */
export async function dropPushSubscription(): Promise<void> {
  const subscription = await (await pushManager())?.getSubscription();
  await subscription?.unsubscribe();
}
