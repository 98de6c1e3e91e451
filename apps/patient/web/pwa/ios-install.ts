import type { KeyValueStorage } from '../session/token-store.ts';

/** What tells an iPhone's or iPad's Safari from other browsers. */
export interface BrowserTraits {
  userAgent: string;
  /** iPadOS's Safari presents itself as a Mac, with touch. */
  maxTouchPoints: number;
  /** The page runs as an app added to the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
}

/** Other browsers on iOS name themselves after Safari's words; each adds its own mark. */
const otherIosBrowsers = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Brave|FBAN|FBAV|Instagram|Line\//;

export function isIosSafari({ userAgent, maxTouchPoints }: Omit<BrowserTraits, 'standalone'>): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && /Version\//.test(userAgent) && !otherIosBrowsers.test(userAgent);
}

/** Where the dismissal is kept (this browser's local storage). */
export const installHintKey = 'patientInstallHintDismissed';

/** The "Add to Home Screen" steps: in Safari on iOS only, outside the installed app, until dismissed. */
export function showsInstallHint(traits: BrowserTraits, storage: KeyValueStorage | undefined): boolean {
  if (traits.standalone || !isIosSafari(traits)) return false;
  try {
    return storage?.getItem(installHintKey) !== '1';
  } catch {
    return true;
  }
}

export function dismissInstallHint(storage: KeyValueStorage | undefined): void {
  try {
    storage?.setItem(installHintKey, '1');
  } catch {
    // Private mode: the hint is gone for this page only.
  }
}

export function browserTraits(): BrowserTraits {
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, standalone };
}
