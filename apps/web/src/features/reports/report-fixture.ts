import type { ReportData } from '@clinic/contract';
import type { ReportView } from './report-model.ts';

/** A report of a knee patient over January 2026, for the tests of the report's output. */
export const data: ReportData = {
  patient: {
    seqPatient: 1,
    seqMedicalRelation: 9,
    patientName: 'Min-jun Chan',
    patientEmail: 'minjun@example.com',
    patientInfoBirth: '1970-02-03',
    patientInfoGender: 'M',
    patientAge: 56,
    deviceType: 1,
    isEnabled: true,
    isAppMember: true,
    heightCm: 180,
    weightKg: 80,
    imageUrl: null,
    categoryIds: [],
    primaryDiagnosis: null,
    createdAt: '2025-01-01T00:00:00Z',
    reservedSchedules: [],
  },
  initStatus: null,
  lastStatus: null,
  adherence: { prescribedSessions: 60, completedSessions: 45, rate: 0.75 },
  deviceDays: [
    { startDate: '2026-01-01', endDate: '2026-01-30', days: 20, meetsBillingThreshold: true },
    { startDate: '2026-01-31', endDate: '2026-02-01', days: 1, meetsBillingThreshold: false },
  ],
  monitoring: { periods: [], months: [] },
  clinician: {
    managerName: 'Dr Demo',
    title: 'DPT',
    managerSpecialty: null,
    managerESignatureImageUrl: null,
    managerClinicName: 'Harbour Rehabilitation',
    managerClinicAddress: '12 Pier Road\nKowloon',
  },
};

export const report: ReportView = {
  data,
  romDays: [
    { date: '2026-01-02', minAngle: 10, maxAngle: 70.5, exerciseSeconds: 630, sessions: 2 },
    { date: '2026-01-01', minAngle: 12, maxAngle: 65, exerciseSeconds: 300, sessions: 1 },
  ],
  startDate: '2026-01-01',
  endDate: '2026-02-01',
  parameters: ['exerciseTime', 'maxAngle'],
  position: 3,
  mode: null,
  chiefComplaint: 'Stiff knee',
  expertOpinion: 'Improving',
  createdAt: null,
};
