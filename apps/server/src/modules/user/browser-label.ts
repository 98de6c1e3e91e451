import type { BrowserLabel } from '@clinic/contract';
import Bowser from 'bowser';

const devices = new Set<string>(['desktop', 'mobile', 'tablet']);

/** The browser, operating system and kind of device a user agent names, as far as it names them. */
export function browserLabelOf(userAgent: string | null | undefined): BrowserLabel {
  if (!userAgent) return { browser: null, os: null, device: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  return {
    browser: browser.name || null,
    os: os.name || null,
    device: platform.type && devices.has(platform.type) ? (platform.type as BrowserLabel['device']) : null,
  };
}
