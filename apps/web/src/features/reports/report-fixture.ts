import type { QuestionnaireResponseSummary, ReportData, ReportOutcomes } from '@clinic/contract';
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
  outcomes: null,
  messages: null,
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

const lefsResponse = (
  seq: number,
  authoredAt: string,
  score: number | null,
  improvement: number | null,
): QuestionnaireResponseSummary => ({
  seqQuestionnaireResponse: seq,
  seqQuestionnaireRequest: seq,
  instrument: { kind: 'shipped', key: 'lefs' },
  title: 'Lower Extremity Functional Scale',
  authoredAt,
  receivedAt: authoredAt,
  score,
  noScore: score === null ? { reason: 'missing', linkIds: ['lefs-1'] } : null,
  improvement,
  improvedBeyondMcid: improvement !== null && improvement >= 9,
  enteredBy: null,
  supersedes: null,
  superseded: null,
});

/** LEFS in January 2026: a baseline of 28 in December, then 33, 50 and one response without a score. */
export const outcomes: ReportOutcomes = [
  {
    history: {
      instrument: { kind: 'shipped', key: 'lefs' },
      title: 'Lower Extremity Functional Scale',
      mcid: 9,
      direction: 'higherIsBetter',
      range: { min: 0, max: 80 },
      baseline: { seqQuestionnaireResponse: 1, score: 28, authoredAt: '2025-12-20T10:00:00Z' },
    },
    responses: [
      lefsResponse(2, '2026-01-05T10:00:00Z', 33, 5),
      { ...lefsResponse(3, '2026-01-19T10:00:00Z', 50, 22), enteredBy: 'Dr Demo', supersedes: 4 },
      lefsResponse(5, '2026-01-30T10:00:00Z', null, null),
    ],
  },
];
