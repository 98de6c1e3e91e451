import type { ReactElement } from 'react';

/**
 * Push needs a secure page, a service worker and the Push and Notifications APIs: iPhones have them
 * only in an app added to the Home Screen (iOS 16.4 and later), never in a Safari tab.
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * The push switch's room in the header (its margin and a line of its label), kept while the switch
 * loads and asks the browser, so that it pushes nothing on the screen down once shown.
 */
export function PushSwitchSpace(): ReactElement | null {
  return pushSupported() ? (
    <div
      style={{
        height: 'calc(var(--mantine-spacing-xs) + var(--mantine-font-size-md) * var(--mantine-line-height-md))',
      }}
    />
  ) : null;
}
