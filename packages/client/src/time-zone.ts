/**
 * The browser's IANA time zone, sent as `x-time-zone` (the server formats every datetime in it) and
 * used to tell today's date; UTC where the browser cannot say.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
