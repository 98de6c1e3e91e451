import type { PatientListItem } from '@clinic/contract';

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

function normalise(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase().trim();
}

export function matchesSearch(patient: PatientListItem, search: string): boolean {
  const needle = normalise(search);
  if (!needle) return true;
  return [patient.patientName, patient.patientEmail, patient.primaryDiagnosis].some(
    (field) => field !== null && normalise(field).includes(needle),
  );
}

export function filterPatients(list: readonly PatientListItem[], filter: PatientFilter): PatientListItem[] {
  return list.filter(
    (patient) =>
      (filter.status === 'all' || patient.isEnabled === (filter.status === 'active')) &&
      (filter.categoryId === null || patient.categoryIds.includes(filter.categoryId)) &&
      matchesSearch(patient, filter.search),
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

/** A stable sort by one column; patients without a diagnosis stay last in both directions. */
export function sortPatients(list: readonly PatientListItem[], sort: PatientSort, locale = 'en'): PatientListItem[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const compare = comparatorOf(sort.key, collator);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    if (sort.key === 'diagnosis') {
      const missing = Number(a.primaryDiagnosis === null) - Number(b.primaryDiagnosis === null);
      if (missing !== 0) return missing;
    }
    return (
      sign * compare(a, b) ||
      collator.compare(a.patientName, b.patientName) ||
      a.seqMedicalRelation - b.seqMedicalRelation
    );
  });
}

export function patientListView(
  list: readonly PatientListItem[],
  filter: PatientFilter,
  sort: PatientSort,
  locale?: string,
): PatientListItem[] {
  return sortPatients(filterPatients(list, filter), sort, locale);
}

export function countActive(list: readonly PatientListItem[]): number {
  return list.reduce((count, patient) => count + (patient.isEnabled ? 1 : 0), 0);
}
