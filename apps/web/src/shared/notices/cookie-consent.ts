import { client } from '@clinic/contract';
import { getBrowserCookie, setBrowserCookie } from '../storage/cookies.ts';

/** SPEC 9 cookie groups: essential is always on. */
export interface CookieConsent {
  essential: true;
  performance: boolean;
  functional: boolean;
}

export const consentCookieName = 'cookieConsent';

export function parseConsent(raw: string | undefined): CookieConsent | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof CookieConsent, unknown>>;
    if (typeof value.performance !== 'boolean' || typeof value.functional !== 'boolean') return undefined;
    return { essential: true, performance: value.performance, functional: value.functional };
  } catch {
    return undefined;
  }
}

export function serializeConsent(consent: Omit<CookieConsent, 'essential'>): string {
  return JSON.stringify({ essential: true, performance: consent.performance, functional: consent.functional });
}

export function readConsent(): CookieConsent | undefined {
  return parseConsent(getBrowserCookie(consentCookieName));
}

export function saveConsent(consent: Omit<CookieConsent, 'essential'>): void {
  setBrowserCookie(consentCookieName, serializeConsent(consent), client.cookieDays);
}
