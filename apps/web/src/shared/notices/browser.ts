/** The browsers SPEC 3 names. */
export type BrowserKind = 'chrome' | 'edge' | 'safari' | 'firefox' | 'samsung' | 'default';

export interface BrandVersion {
  brand: string;
}

const otherChromiumBrands = ['Opera', 'Brave', 'Vivaldi', 'Yandex', 'Whale'];

/** From navigator.userAgentData brands when the browser has them, else from the user agent. */
export function detectBrowser(brands: readonly BrandVersion[] | undefined, userAgent: string): BrowserKind {
  const names = (brands ?? []).map((entry) => entry.brand);
  if (names.length > 0) {
    if (names.includes('Microsoft Edge')) return 'edge';
    if (names.includes('Samsung Internet')) return 'samsung';
    if (names.some((name) => otherChromiumBrands.some((other) => name.includes(other)))) return 'default';
    if (names.some((name) => name === 'Google Chrome' || name === 'Chromium' || name === 'HeadlessChrome')) {
      return 'chrome';
    }
  }
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\bSamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/\b(OPR|Opera|Vivaldi|YaBrowser|Whale)\//.test(userAgent)) return 'default';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(CriOS|Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent)) return 'safari';
  return 'default';
}

interface NavigatorWithBrands {
  userAgentData?: { brands?: readonly BrandVersion[] };
}

export function currentBrowser(): BrowserKind {
  if (typeof navigator === 'undefined') return 'default';
  return detectBrowser((navigator as Navigator & NavigatorWithBrands).userAgentData?.brands, navigator.userAgent);
}
