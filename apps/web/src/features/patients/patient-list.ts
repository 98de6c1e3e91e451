import type { PatientListItem } from '@clinic/contract';
import { formatDate, formatTime } from '../../shared/dates/date-format.ts';

export const patientSortKeys = ['name', 'age', 'device', 'status', 'registered', 'diagnosis'] as const;
export type PatientSortKey = (typeof patientSortKeys)[number];
export type StatusFilter = 'all' | 'active' | 'inactive';

export interface PatientSort {
  key: PatientSortKey;
  direction: 'asc' | 'desc';
}

export interface PatientFilter {
  /** Matched against name, e-mail and diagnosis, ignoring case. */
  search: string;
  status: StatusFilter;
  /** Only patients in this category; null for all. */
  categoryId: number | null;
}

export const defaultSort: PatientSort = { key: 'registered', direction: 'desc' };
export const emptyFilter: PatientFilter = { search: '', status: 'all', categoryId: null };

export function isStatusFilter(value: unknown): value is StatusFilter {
  return value === 'all' || value === 'active' || value === 'inactive';
}

export function isPatientSortKey(value: unknown): value is PatientSortKey {
  return typeof value === 'string' && (patientSortKeys as readonly string[]).includes(value);
}

/** A patient of the list with what its row shows and searches, worked out once when the list arrives. */
export interface PatientRow extends PatientListItem {
  /** Name, e-mail and diagnosis, normalised for the search. */
  searchFields: readonly string[];
  /** The registration date as the clinician reads dates. */
  registeredText: string;
  /** Today's booked visit times, comma-separated; empty for none. */
  todayVisitsText: string;
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase().trim();
}

function searchFieldsOf(patient: PatientListItem | PatientRow): readonly string[] {
  if ('searchFields' in patient) return patient.searchFields;
  return [patient.patientName, patient.patientEmail, patient.primaryDiagnosis]
    .filter((field) => field !== null)
    .map(normalise);
}

/** The rows of the list in the reader's language. */
export function toPatientRows(list: readonly PatientListItem[], language: string): PatientRow[] {
  return list.map((patient) => ({
    ...patient,
    searchFields: searchFieldsOf(patient),
    registeredText: formatDate(patient.createdAt, language),
    todayVisitsText: patient.reservedSchedules
      .map((schedule) => formatTime(schedule.scheduleExpectStartDatetime, language))
      .join(', '),
  }));
}

function matchesNeedle(patient: PatientListItem | PatientRow, needle: string): boolean {
  return !needle || searchFieldsOf(patient).some((field) => field.includes(needle));
}

export function filterPatients<P extends PatientListItem>(list: readonly P[], filter: PatientFilter): P[] {
  const needle = normalise(filter.search);
  return list.filter(
    (patient) =>
      (filter.status === 'all' || patient.isEnabled === (filter.status === 'active')) &&
      (filter.categoryId === null || patient.categoryIds.includes(filter.categoryId)) &&
      matchesNeedle(patient, needle),
  );
}

type Compare = (a: PatientListItem, b: PatientListItem) => number;

function comparatorOf(key: PatientSortKey, collator: Intl.Collator): Compare {
  switch (key) {
    case 'name':
      return (a, b) => collator.compare(a.patientName, b.patientName);
    case 'age':
      return (a, b) => a.patientAge - b.patientAge;
    case 'device':
      return (a, b) => a.deviceType - b.deviceType;
    case 'status':
      // Active before inactive when ascending.
      return (a, b) => Number(b.isEnabled) - Number(a.isEnabled);
    case 'registered':
      return (a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
    case 'diagnosis':
      return (a, b) => collator.compare(a.primaryDiagnosis ?? '', b.primaryDiagnosis ?? '');
  }
}

/** The places of the patients in name order (then id), worked out once per list and language. */
const nameOrders = new WeakMap<readonly PatientListItem[], Map<string, Map<PatientListItem, number>>>();

function nameOrderOf(list: readonly PatientListItem[], collator: Intl.Collator, locale: string) {
  let byLocale = nameOrders.get(list);
  if (!byLocale) {
    byLocale = new Map<string, Map<PatientListItem, number>>();
    nameOrders.set(list, byLocale);
  }
  let order = byLocale.get(locale);
  if (!order) {
    const sorted = [...list].sort(
      (a, b) => collator.compare(a.patientName, b.patientName) || a.seqMedicalRelation - b.seqMedicalRelation,
    );
    order = new Map(sorted.map((patient, place) => [patient, place]));
    byLocale.set(locale, order);
  }
  return order;
}

/**
 * A stable sort by one column; patients without a diagnosis stay last in both directions. Ties go
 * by name then id; `all` (the list the patients were picked from) lets the name order be reused.
 */
export function sortPatients<P extends PatientListItem>(
  list: readonly P[],
  sort: PatientSort,
  locale = 'en',
  all: readonly PatientListItem[] = list,
): P[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = comparatorOf(sort.key, collator);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const nameOrder = nameOrderOf(all, collator, locale);
  const place = (patient: PatientListItem): number => nameOrder.get(patient) ?? 0;
  return [...list].sort((a, b) => {
    if (sort.key === 'diagnosis') {
      const missing = Number(a.primaryDiagnosis === null) - Number(b.primaryDiagnosis === null);
      if (missing !== 0) return missing;
    }
    return sign * compare(a, b) || place(a) - place(b);
  });
}

export function patientListView<P extends PatientListItem>(
  list: readonly P[],
  filter: PatientFilter,
  sort: PatientSort,
  locale?: string,
): P[] {
  return sortPatients(filterPatients(list, filter), sort, locale, list);
}

export function countActive(list: readonly Pick<PatientListItem, 'isEnabled'>[]): number {
  return list.reduce((count, patient) => count + (patient.isEnabled ? 1 : 0), 0);
}
