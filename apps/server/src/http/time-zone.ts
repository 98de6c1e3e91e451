import { InvalidField } from '../domain-error.ts';

/**
 * An IANA zone name (an alias such as Asia/Kolkata too) as its canonical name; undefined if it names
 * none. Offsets such as '+05:00' are refused: PostgreSQL reads them with the opposite sign.
 */
function canonicalZone(name: string): string | undefined {
  if (!/^[A-Za-z][\w+\-/]*$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The x-time-zone header, UTC when absent; a zone we do not know is refused rather than guessed. */
export function timeZoneOf(header: string | string[] | undefined): string {
  if (header === undefined) return 'UTC';
  const zone = typeof header === 'string' ? canonicalZone(header) : undefined;
  if (!zone) throw new InvalidField('x-time-zone', 'validation.time_zone');
  return zone;
}
