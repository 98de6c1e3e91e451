import type { PatientPush } from '@clinic/contract';
import { appIcons, appScope } from './app-scope.ts';

/** What the service worker shows of a patient push (packages/contract/src/notification.ts). */
export type ShownPush = Pick<PatientPush, 'key' | 'title' | 'body' | 'url'>;

/**
 * The contract's patient push, checked field by field (the service worker carries no schema
 * library); anything else is not shown. The page it opens must be one of the app's own.
 */
export function pushMessageOf(value: unknown): ShownPush | null {
  if (typeof value !== 'object' || value === null) return null;
  const { key, title, body, url } = value as Record<string, unknown>;
  if (typeof key !== 'string' || typeof title !== 'string' || typeof body !== 'string') return null;
  if (typeof url !== 'string' || !url.startsWith(appScope)) return null;
  return { key, title, body, url };
}

/** An address read leniently (URL.parse is missing from Safari before 18). */
function urlOf(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** What a notification keeps for its tap: the page it opens. */
export interface NotificationData {
  url: string;
}

/** The system notification of a push: the app's icon, and one per message however often it arrives. */
export function notificationOf(message: ShownPush): { title: string; options: NotificationOptions } {
  const data: NotificationData = { url: message.url };
  return {
    title: message.title,
    options: { body: message.body, icon: `${appScope}${appIcons.small}`, tag: message.key, data },
  };
}

/** The app's page a tapped notification opens, as an absolute address; the start page if it names none of the app's. */
export function pageOfNotification(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as Partial<NotificationData>).url : undefined;
  const page = typeof url === 'string' ? urlOf(url, origin) : null;
  if (page?.origin === origin && page.pathname.startsWith(appScope)) return page.href;
  return new URL(appScope, origin).href;
}

/** The windows that show the app (the origin's other pages belong to the clinicians' app). */
export function appWindows<W extends { url: string }>(windows: readonly W[], origin: string): W[] {
  return windows.filter((candidate) => {
    const url = urlOf(candidate.url);
    return url?.origin === origin && url.pathname.startsWith(appScope);
  });
}

/** The open window of the app a tap goes to: a focused one first, else the first one found. */
export function windowForPage<W extends { url: string; focused: boolean }>(
  windows: readonly W[],
  origin: string,
): W | undefined {
  const ours = appWindows(windows, origin);
  return ours.find((candidate) => candidate.focused) ?? ours[0];
}
