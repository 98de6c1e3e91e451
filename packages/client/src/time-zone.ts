let known: string | undefined;

/**
 * The browser's IANA time zone, sent as `x-time-zone` (the server formats every datetime in it) and
 * used to tell today's date; UTC where the browser cannot say. Read once per page: each read builds
 * a date format, which costs milliseconds on a phone, and every request and calendar render asks.
 */
export function browserTimeZone(): string {
  if (known === undefined) {
    try {
      known = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      known = 'UTC';
    }
  }
  return known;
}
