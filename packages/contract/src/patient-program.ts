import { z } from 'zod';
import { defineEndpoint, emptyRequest, success } from './endpoint.ts';
import { scheduleRules } from './schedule-rules.ts';
import { datetimeField } from './schedule.ts';
import { idField, pageField } from './validation.ts';

const tag = 'patientApp';

/** How many of the device's last sessions the patient's program shows. */
export const programRecentSessions = 10;
/** How many days back the patient's ROM chart reaches. */
export const programRomDays = 90;

/** One open prescription as the patient sees it, with how far the patient is through it. */
export const programPrescription = z.lazy(() =>
  z.object({
    seqExercise: z.number().int(),
    seqMedicalRelation: z.number().int(),
    managerName: z.string(),
    /** 1 home, 2 pro. */
    deviceType: z.union([z.literal(1), z.literal(2)]),
    /** 1 elbow, 2 wrist, 3 knee, 4 ankle, 5 lower extremity. */
    position: z.number().int(),
    /** 1 left, 2 right. */
    direction: z.number().int(),
    mode: z.number().int(),
    minRom: z.number().int(),
    maxRom: z.number().int(),
    /** Sessions a day (the prescription's frequency). */
    sessionsPerDay: z.number().int(),
    dueDate: z.string(),
    exerciseStatus: z.number().int(),
    isPastDue: z.boolean(),
    createdAt: z.string(),
    /** Sessions the device recorded for it so far. */
    sessionsDone: z.number().int(),
    /** Sessions it asks for from its start to today (or to its due date, when that has passed). */
    sessionsDue: z.number().int(),
  }),
);
export type ProgramPrescription = z.infer<typeof programPrescription>;

/** One session the device uploaded, as the patient sees it. */
export const programSession = z.lazy(() =>
  z.object({
    seqExerciseRecord: z.number().int(),
    seqExercise: z.number().int(),
    position: z.number().int(),
    direction: z.number().int(),
    usageStartDatetime: z.string(),
    minAngle: z.number(),
    maxAngle: z.number(),
    durationSeconds: z.number().int(),
    painLevel: z.number().int().nullable(),
  }),
);
export type ProgramSession = z.infer<typeof programSession>;

/** The patient's range of motion on one day (in the patient's time zone) for one joint and side. */
export const programRomDay = z.lazy(() =>
  z.object({
    date: z.string(),
    position: z.number().int(),
    direction: z.number().int(),
    minAngle: z.number(),
    maxAngle: z.number(),
  }),
);
export type ProgramRomDay = z.infer<typeof programRomDay>;

export const getMyProgram = defineEndpoint({
  method: 'POST',
  path: '/patientApp/getMyProgram',
  access: 'patient',
  audit: { action: 'read', entity: 'patient_program' },
  tag,
  summary: `The patient's open prescriptions with their progress, the device's last ${programRecentSessions} sessions, and the range of motion of the last ${programRomDays} days`,
  request: emptyRequest,
  get reply() {
    return success({
      prescriptions: z.array(programPrescription),
      recentSessions: z.array(programSession),
      romDays: z.array(programRomDay),
    });
  },
});

export const symptomReportRules = { painMin: 0, painMax: 10, symptomsMax: scheduleRules.symptomsMax } as const;
/** How many of their last symptom reports the patient's app lists. */
export const mySymptomReportsMax = 50;

/** A report of how the patient feels between visits, sent to one of their clinicians. */
export const symptomReport = z.lazy(() =>
  z.object({
    seqSymptomReport: z.number().int(),
    seqMedicalRelation: z.number().int(),
    /** 0 (none) to 10 (worst). */
    painLevel: z.number().int(),
    symptoms: z.string().nullable(),
    /**
     * When the patient made it, which may be well before it reached the server (made offline); a
     * time ahead of the server's clock is taken as the time it arrived.
     */
    reportedAt: z.string(),
    receivedAt: z.string(),
  }),
);
export type SymptomReport = z.infer<typeof symptomReport>;

export const addSymptomReport = defineEndpoint({
  method: 'POST',
  path: '/patientApp/addSymptomReport',
  access: 'patient',
  audit: { action: 'create', entity: 'symptom_report' },
  tag,
  summary:
    'Sends a symptom report to one of the clinicians of the patient; sent again with the same idempotency key, it answers the first report and adds none',
  get request() {
    return z.object({
      /** Chosen by the app when the report is made, so that a report sent twice (offline, then replayed) is kept once. */
      idempotencyKey: z.uuid({ error: 'validation.invalid' }),
      seqMedicalRelation: idField,
      painLevel: z
        .number({ error: 'validation.required' })
        .int({ error: 'validation.integer' })
        .min(symptomReportRules.painMin, { error: 'validation.out_of_range' })
        .max(symptomReportRules.painMax, { error: 'validation.out_of_range' }),
      symptoms: z.string().trim().max(symptomReportRules.symptomsMax, { error: 'validation.too_long' }).nullable(),
      reportedAt: datetimeField,
    });
  },
  get reply() {
    return success({ symptomReport });
  },
});

export const listMySymptomReports = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listSymptomReports',
  access: 'patient',
  audit: { action: 'read', entity: 'symptom_report' },
  tag,
  summary: `The patient's last ${mySymptomReportsMax} symptom reports to every clinician, newest first`,
  request: emptyRequest,
  get reply() {
    return success({ symptomReportList: z.array(symptomReport) });
  },
});

export const listSymptomReports = defineEndpoint({
  method: 'POST',
  path: '/symptomReport/list',
  access: 'manager',
  audit: { action: 'read', entity: 'symptom_report' },
  tag: 'symptomReport',
  summary: "The symptom reports one of the clinician's patients sent, newest first, a page at a time",
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      page: pageField,
      size: z.number().int().min(1).max(100).default(20),
    });
  },
  get reply() {
    return success({ symptomReportList: z.array(symptomReport), totalCount: z.number().int() });
  },
});
