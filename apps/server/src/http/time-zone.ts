import { InvalidField } from '../domain-error.ts';

/**
 * The canonical names of the zones asked for so far, by name in lower case: making a date format to
 * find one costs about 0.1 ms, on every request of a browser. Zone names match in any case, so the
 * keys are bounded by the zones that exist.
 */
const canonicalZones = new Map<string, string>();

/**
 * An IANA zone name (an alias such as Asia/Kolkata too) as its canonical name; undefined if it names
 * none. Offsets such as '+05:00' are refused: PostgreSQL reads them with the opposite sign.
 */
function canonicalZone(name: string): string | undefined {
  const key = name.toLowerCase();
  const known = canonicalZones.get(key);
  if (known) return known;
  if (!/^[A-Za-z][\w+\-/]*$/.test(name)) return undefined;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    canonicalZones.set(key, zone);
    return zone;
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
