import type { InstantBound } from './fhir.repository.ts';

/** A search the server cannot run as asked: answered 400 with an OperationOutcome saying why. */
export class FhirSearchError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid' | 'not-supported' = 'invalid',
  ) {
    super(message);
  }
}

/** A search's parameters: each name with its values, a repeated name (`date=ge…&date=lt…`) giving several. */
export type SearchParameters = Map<string, string[]>;

export const fhirPaging = { defaultCount: 50, maxCount: 1000 } as const;

/** The parameters of a query string, every one of them known to the resource type's search (a strict search). */
export function searchParameters(
  query: Record<string, string | string[] | undefined>,
  known: string[],
): SearchParameters {
  const parameters: SearchParameters = new Map();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // The format may be asked for; JSON is the only one served.
    if (name === '_format') {
      if ([value].flat().some((format) => !['json', 'application/json', 'application/fhir+json'].includes(format)))
        throw new FhirSearchError(`Only JSON is served, not ${String(value)}.`, 'not-supported');
      continue;
    }
    if (!known.includes(name) && name !== '_count' && name !== '_offset')
      throw new FhirSearchError(`The search parameter ${name} is not supported here.`, 'not-supported');
    parameters.set(name, [value].flat());
  }
  return parameters;
}

/** The one value of a parameter that takes one. */
export function single(parameters: SearchParameters, name: string): string | undefined {
  const values = parameters.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw new FhirSearchError(`The search parameter ${name} is given more than once.`);
  return values[0];
}

function wholeNumber(text: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new FhirSearchError(`${name} must be a whole number from ${min} to ${max}.`);
  return Number(text);
}

/** `_count` (at most fhirPaging.maxCount; 0 counts only) and `_offset`, the first match of the page. */
export function pageOf(parameters: SearchParameters): { count: number; offset: number } {
  const count = single(parameters, '_count');
  const offset = single(parameters, '_offset');
  return {
    count: count === undefined ? fhirPaging.defaultCount : wholeNumber(count, '_count', 0, fhirPaging.maxCount),
    offset: offset === undefined ? 0 : wholeNumber(offset, '_offset', 0, 1_000_000_000),
  };
}

/** The id of a reference parameter (`Patient/12`, or `12`), of the type it must name. */
export function referenceId(value: string, type: string): string {
  const match = new RegExp(`^(?:(?:.*/)?${type}/)?([A-Za-z0-9.-]{1,64})$`).exec(value);
  if (!match?.[1]) throw new FhirSearchError(`${value} is not a reference to a ${type}.`);
  return match[1];
}

/** A token (`system|code`, `code`, or `|code` for a code of no system): the system, when given, and the code. */
export function tokenOf(value: string): { system?: string; code: string } {
  const bar = value.indexOf('|');
  if (bar < 0) return { code: value };
  return { system: value.slice(0, bar), code: value.slice(bar + 1) };
}

const datePattern =
  /^(?<prefix>eq|ne|lt|le|gt|ge)?(?<year>\d{4})(?:-(?<month>\d{2})(?:-(?<day>\d{2})(?:T(?<time>\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(?<zone>Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** Midnight UTC of a day, for any year from 1 (Date.UTC would read the years 0 to 99 as 1900 to 1999). */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date;
}

/**
 * A `date` parameter as a span of instants: the value stands for the whole of its precision (a
 * year, a month, a day, or a second), read in UTC when it names no zone; the prefix (eq unless
 * given) says where the date searched must lie against it.
 */
export function dateBound(value: string): InstantBound {
  const parts = datePattern.exec(value)?.groups;
  if (!parts) throw new FhirSearchError(`${value} is not a FHIR date or instant.`);
  const { prefix = 'eq', year, month, day, time, zone } = parts;
  const y = Number(year);
  const m = month ? Number(month) - 1 : 0;
  const d = day ? Number(day) : 1;
  // Years past 9998 would put the span's end beyond what the database reads as a date.
  const calendar = utcDay(y, m, d);
  if (y < 1 || y > 9998 || calendar.getUTCMonth() !== m || calendar.getUTCDate() !== d)
    throw new FhirSearchError(`${value} is not a FHIR date or instant.`);
  let low: Date;
  let high: Date;
  if (time) {
    low = new Date(`${year}-${month}-${day}T${time.length === 5 ? `${time}:00` : time}${zone}`);
    high = new Date(low.getTime() + (time.length === 5 ? 60_000 : 1000));
    if (Number.isNaN(low.getTime()) || low.getUTCFullYear() < 1)
      throw new FhirSearchError(`${value} is not a FHIR date or instant.`);
  } else {
    low = calendar;
    high = day ? utcDay(y, m, d + 1) : month ? utcDay(y, m + 1, 1) : utcDay(y + 1, 0, 1);
  }
  switch (prefix) {
    case 'eq':
      return { from: low, before: high };
    case 'ne':
      return { from: low, before: high, outside: true };
    case 'lt':
      return { before: low };
    case 'le':
      return { before: high };
    case 'gt':
      return { from: high };
    default:
      return { from: low };
  }
}
