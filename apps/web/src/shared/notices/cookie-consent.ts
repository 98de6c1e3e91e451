import { client } from '@clinic/contract';
import { getBrowserCookie, removeBrowserCookie, setBrowserCookie } from '../storage/cookies.ts';
import { readItem, storageKeys } from '../storage/local-storage.ts';

/** SPEC 9 cookie groups: essential is always on. */
export interface CookieConsent {
  essential: true;
  performance: boolean;
  functional: boolean;
}

export const consentCookieName = 'cookieConsent';

/**
 * The functional group: the unit and language choices. Each lives in local storage under the same
 * name, for this browser; the cookie, which lasts a year, only while the group is accepted.
 */
const functionalCookies = [storageKeys.unit, storageKeys.lang] as const;
export type FunctionalCookie = (typeof functionalCookies)[number];

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

/** Writes a functional cookie if that group is accepted, else removes it: no answer yet is no consent. */
export function writeFunctionalCookie(name: FunctionalCookie, value: string): void {
  if (readConsent()?.functional) setBrowserCookie(name, value, client.cookieDays);
  else removeBrowserCookie(name);
}

/** Keeps the answer; the choices made in this browser get their cookies now, or lose them. */
export function saveConsent(consent: Omit<CookieConsent, 'essential'>): void {
  setBrowserCookie(consentCookieName, serializeConsent(consent), client.cookieDays);
  for (const name of functionalCookies) {
    const value = readItem(name);
    if (value) writeFunctionalCookie(name, value);
    else removeBrowserCookie(name);
  }
}
