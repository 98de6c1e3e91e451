import { meetingRules } from '@clinic/contract';
import { paths } from '../../config/paths.ts';

/** SPEC 2: on mobile or touch browsers the visit opens in the same page. */
export function isTouchBrowser(
  matchMedia: ((query: string) => { matches: boolean }) | undefined = typeof window === 'undefined'
    ? undefined
    : window.matchMedia?.bind(window),
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|Silk|Kindle|Opera Mini/i.test(userAgent)) return true;
  try {
    return Boolean(matchMedia?.('(pointer: coarse)').matches);
  } catch {
    return false;
  }
}

/** The address of the video visit screen for a visit, keeping the lang query of `search`. */
export function videoVisitUrl(seqSchedule: number, search = ''): string {
  const lang = new URLSearchParams(search).get('lang');
  const query = new URLSearchParams({ seqSchedule: String(seqSchedule), ...(lang ? { lang } : {}) });
  return `${paths.remote}?${query.toString()}`;
}

/** window.open features of the 1200x800 popup, centred on the opener's screen. */
export function popupFeatures(screenInfo?: { width: number; height: number; left: number; top: number }): string {
  const { width, height } = meetingRules.popup;
  const left = screenInfo ? Math.max(0, Math.round(screenInfo.left + (screenInfo.width - width) / 2)) : 0;
  const top = screenInfo ? Math.max(0, Math.round(screenInfo.top + (screenInfo.height - height) / 2)) : 0;
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type OpenVisitOutcome = 'samePage' | 'popup' | 'blocked';

/**
 * Opens the video visit of a visit: the same page on touch browsers (`navigate`), else a popup per
 * visit; `onClosed` runs once the popup has closed (checked each second).
 */
export function openVideoVisit(
  seqSchedule: number,
  { navigate, onClosed }: { navigate: (to: string) => void; onClosed: () => void },
): OpenVisitOutcome {
  const url = videoVisitUrl(seqSchedule, window.location.search);
  if (isTouchBrowser()) {
    navigate(url);
    return 'samePage';
  }
  const popup = window.open(
    url,
    `clinic-video-visit-${seqSchedule}`,
    popupFeatures({
      width: window.screen.availWidth,
      height: window.screen.availHeight,
      left: window.screenX,
      top: window.screenY,
    }),
  );
  if (!popup) return 'blocked';
  popup.focus();
  const watch = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(watch);
    onClosed();
  }, 1000);
  return 'popup';
}
