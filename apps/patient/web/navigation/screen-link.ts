import type { MouseEvent } from 'react';
import { searchOfScreen, type Screen } from './screen-url.ts';

/**
 * A link's address and click for a screen of the app: it opens in place, while a new tab or window
 * (a middle click, a modifier key) is the browser's to open at the same address.
 */
export function screenLink(
  screen: Screen,
  onGo: (screen: Screen) => void,
): { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void } {
  return {
    href: searchOfScreen(window.location.search, screen) || window.location.pathname,
    onClick: (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onGo(screen);
    },
  };
}
