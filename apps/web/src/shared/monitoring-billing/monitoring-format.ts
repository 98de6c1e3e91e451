import type { BilledCode, MonthConsent } from '@clinic/contract';

/**
 * Codes as a claim lists them: "98975, 98977, 98981 × 2"; a dash for none. A month in progress
 * names that (`inProgress`) after the codes it has earned so far: "98977 · In progress".
 */
export function codesText(codes: readonly BilledCode[], inProgress?: string): string {
  const listed = codes.map((code) => (code.units > 1 ? `${code.code} × ${code.units}` : code.code)).join(', ');
  if (inProgress === undefined) return listed || '—';
  return listed ? `${listed} · ${inProgress}` : inProgress;
}

/** The translation key of a month's consent: in force throughout, on part of it, or not at all. */
export const monthConsentKey = {
  full: 'monitoringBilling.consent.full',
  partial: 'monitoringBilling.consent.partial',
  none: 'monitoringBilling.consent.noneShort',
} as const satisfies Record<MonthConsent, string>;

/** The calendar months (`YYYY-MM`) from the one of the given day back, newest first. */
export function recentMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** A month as the language names it: "November 2026". */
export function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
