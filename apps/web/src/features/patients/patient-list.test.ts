import type { PatientListItem } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  countActive,
  emptyFilter,
  filterPatients,
  patientListView,
  sortPatients,
  toPatientRows,
} from './patient-list.ts';

let next = 1;
function patient(overrides: Partial<PatientListItem>): PatientListItem {
  const seq = next++;
  return {
    seqMedicalRelation: seq,
    patientName: `Patient ${seq}`,
    patientEmail: null,
    patientAge: 60,
    deviceType: 1,
    isEnabled: true,
    isAppMember: false,
    categoryIds: [],
    primaryDiagnosis: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    reservedSchedules: [],
    ...overrides,
  };
}

const ada = patient({
  patientName: 'Ada Byron',
  patientEmail: 'ada@example.com',
  patientAge: 36,
  deviceType: 2,
  primaryDiagnosis: 'Ischemic stroke',
  createdAt: '2026-03-01T10:00:00.000Z',
  categoryIds: [7],
});
const bob = patient({
  patientName: 'bob stone',
  patientAge: 71,
  isEnabled: false,
  primaryDiagnosis: 'ACL reconstruction',
  createdAt: '2026-02-01T10:00:00.000Z',
});
const cy = patient({
  patientName: 'Cy Young',
  patientAge: 50,
  createdAt: '2026-04-01T10:00:00.000Z',
  categoryIds: [7, 8],
});
const list = [bob, cy, ada];
const names = (patients: PatientListItem[]): string[] => patients.map((p) => p.patientName);

describe('searching the patient list', () => {
  it('finds by name, e-mail or diagnosis, ignoring case', () => {
    expect(names(filterPatients(list, { ...emptyFilter, search: 'ADA' }))).toEqual(['Ada Byron']);
    expect(names(filterPatients(list, { ...emptyFilter, search: 'example.com' }))).toEqual(['Ada Byron']);
    expect(names(filterPatients(list, { ...emptyFilter, search: 'acl' }))).toEqual(['bob stone']);
    expect(names(filterPatients(list, { ...emptyFilter, search: '  stroke ' }))).toEqual(['Ada Byron']);
    expect(filterPatients(list, { ...emptyFilter, search: 'nobody' })).toEqual([]);
  });
});

describe('filtering the patient list', () => {
  it('by activation status', () => {
    expect(names(filterPatients(list, { ...emptyFilter, status: 'inactive' }))).toEqual(['bob stone']);
    expect(filterPatients(list, { ...emptyFilter, status: 'active' })).toHaveLength(2);
  });

  it('by category', () => {
    expect(names(filterPatients(list, { ...emptyFilter, categoryId: 8 }))).toEqual(['Cy Young']);
    expect(filterPatients(list, { ...emptyFilter, categoryId: 7 })).toHaveLength(2);
  });

  it('counts the active patients', () => {
    expect(countActive(list)).toBe(2);
  });
});

describe('sorting the patient list', () => {
  it('by name with a collator, both ways', () => {
    expect(names(sortPatients(list, { key: 'name', direction: 'asc' }))).toEqual([
      'Ada Byron',
      'bob stone',
      'Cy Young',
    ]);
    expect(names(sortPatients(list, { key: 'name', direction: 'desc' }))).toEqual([
      'Cy Young',
      'bob stone',
      'Ada Byron',
    ]);
  });

  it('by age, device, status and registration date', () => {
    expect(names(sortPatients(list, { key: 'age', direction: 'asc' }))).toEqual(['Ada Byron', 'Cy Young', 'bob stone']);
    expect(names(sortPatients(list, { key: 'device', direction: 'desc' }))[0]).toBe('Ada Byron');
    expect(names(sortPatients(list, { key: 'status', direction: 'asc' })).at(-1)).toBe('bob stone');
    expect(names(sortPatients(list, { key: 'registered', direction: 'desc' }))).toEqual([
      'Cy Young',
      'Ada Byron',
      'bob stone',
    ]);
  });

  it('by diagnosis, with the undiagnosed last either way', () => {
    expect(names(sortPatients(list, { key: 'diagnosis', direction: 'asc' }))).toEqual([
      'bob stone',
      'Ada Byron',
      'Cy Young',
    ]);
    expect(names(sortPatients(list, { key: 'diagnosis', direction: 'desc' }))).toEqual([
      'Ada Byron',
      'bob stone',
      'Cy Young',
    ]);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    patientListView(list, emptyFilter, { key: 'name', direction: 'asc' });
    expect(list).toEqual(copy);
  });

  it('sorts 10,000 patients quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      patient({ patientName: `P${(index * 7919) % 10_000}`, primaryDiagnosis: index % 3 ? 'Stroke' : null }),
    );
    const started = performance.now();
    const view = patientListView(many, { ...emptyFilter, search: 'p1' }, { key: 'name', direction: 'asc' });
    expect(view.length).toBeGreaterThan(1000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the rows of the patient list', () => {
  it("carry their cells formatted once, in the reader's language", () => {
    const booked = patient({
      patientName: 'Dee Visit',
      createdAt: '2026-03-01T10:00:00',
      reservedSchedules: [
        { seqSchedule: 1, scheduleExpectStartDatetime: '2026-03-02T09:30:00' },
        { seqSchedule: 2, scheduleExpectStartDatetime: '2026-03-02T14:00:00' },
      ],
    });
    const [english] = toPatientRows([booked], 'en');
    const [korean] = toPatientRows([booked], 'ko');
    expect(english).toMatchObject({ registeredText: '03/01/2026', todayVisitsText: '09:30, 14:00' });
    expect(korean).toMatchObject({ registeredText: '2026.03.01', todayVisitsText: '09:30, 14:00' });
    expect(toPatientRows([cy], 'en')[0]?.todayVisitsText).toBe('');
  });

  it('are searched, filtered and sorted like the patients they show', () => {
    const rows = toPatientRows(list, 'en');
    expect(names(filterPatients(rows, { ...emptyFilter, search: 'EXAMPLE.com' }))).toEqual(['Ada Byron']);
    expect(names(filterPatients(rows, { ...emptyFilter, search: ' acl ' }))).toEqual(['bob stone']);
    expect(names(patientListView(rows, emptyFilter, { key: 'registered', direction: 'asc' }))).toEqual([
      'bob stone',
      'Ada Byron',
      'Cy Young',
    ]);
  });

  it('break ties by name, then by id, whichever column sorts', () => {
    const twins = [
      patient({ patientName: 'Patient 10', createdAt: '2026-01-01T00:00:00.000Z' }),
      patient({ patientName: 'patient 9', createdAt: '2026-01-01T00:00:00.000Z' }),
      patient({ patientName: 'Patient 9', createdAt: '2026-01-01T00:00:00.000Z' }),
    ];
    const view = patientListView(toPatientRows(twins, 'en'), emptyFilter, { key: 'registered', direction: 'desc' });
    expect(view.map((row) => row.seqMedicalRelation)).toEqual([
      twins[1]!.seqMedicalRelation,
      twins[2]!.seqMedicalRelation,
      twins[0]!.seqMedicalRelation,
    ]);
  });
});
