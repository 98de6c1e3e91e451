const secondsPerDay = 24 * 60 * 60;

/** The value of a cookie in a `document.cookie` string, or undefined. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  days: number;
  secure?: boolean;
}

/** A `document.cookie` assignment for a first-party cookie kept for `days` days. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(options.days * secondsPerDay)}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function getBrowserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return readCookie(document.cookie, name);
}

export function setBrowserCookie(name: string, value: string, days: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, { days, secure: window.location.protocol === 'https:' });
}

export function removeBrowserCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, '', { days: 0, secure: window.location.protocol === 'https:' });
}
