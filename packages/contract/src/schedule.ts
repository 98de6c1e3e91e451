import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { scheduleRules, scheduleStatuses } from './schedule-rules.ts';
import { dateField, idField, uploadPathField } from './validation.ts';

const tag = 'schedule';
const patientTag = 'patientApp';

/** An instant with its offset, as SPEC 5 "Datetime" writes it: 2026-11-23T09:00:00+09:00. */
export const datetimeField = z.lazy(() => z.iso.datetime({ offset: true, error: 'validation.datetime_format' }));
export const durationField = z.lazy(() => z.enum(scheduleRules.durations, { error: 'validation.schedule_duration' }));
const noteField = z.lazy(() => z.string().max(scheduleRules.noteMax, { error: 'validation.too_long' }));
const symptomsField = z.lazy(() => z.string().trim().max(scheduleRules.symptomsMax, { error: 'validation.too_long' }));

const range = { startDate: dateField, endDate: dateField };
/** A visit's time and note as the clinician books or moves it. */
const visitTiming = {
  scheduleExpectStartDatetime: datetimeField,
  scheduleExpectProgressTime: durationField,
  scheduleNote: noteField.nullable().optional(),
};
const rangeOrder = (value: { startDate: string; endDate: string }): boolean => value.startDate <= value.endDate;
const rangeOrderError = { error: 'validation.range_order', path: ['endDate'] };
const spanDays = (value: { startDate: string; endDate: string }): number =>
  (Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000;

/** A visit as the clinician sees it; datetimes carry the offset of the caller's time zone. */
export const schedule = z.object({
  seqSchedule: z.number().int(),
  seqMedicalRelation: z.number().int(),
  patientName: z.string(),
  isAppMember: z.boolean(),
  scheduleStatus: z.union(scheduleStatuses.map((status) => z.literal(status))),
  scheduleExpectStartDatetime: z.string(),
  scheduleExpectEndDatetime: z.string(),
  scheduleExpectProgressTime: durationField,
  scheduleStartDatetime: z.string().nullable(),
  /** The measured length of the call, HH:mm:ss. */
  scheduleProgressTime: z.string().nullable(),
  scheduleNote: z.string().nullable(),
  isNoteImportant: z.boolean(),
  scheduleSymptoms: z.string().nullable(),
  /** Paths of the photos the patient attached, served by GET /api/storage/file/:id. */
  schedulePhotoList: z.array(z.string()),
  bookedBy: z.enum(['clinician', 'patient']),
});
export type Schedule = z.infer<typeof schedule>;

const changeFailures = [
  FailedCode.ScheduleNotWaiting,
  FailedCode.ScheduleUnchanged,
  FailedCode.SchedulePastOnUpdate,
  FailedCode.ScheduleOverlapOnUpdate,
  FailedCode.PatientScheduleOverlap,
] as const;

export const getAllScheduleByRangeForClinic = defineEndpoint({
  method: 'POST',
  path: '/schedule/getAllScheduleByRangeForClinic',
  access: 'manager',
  audit: { action: 'read', entity: 'schedule_list' },
  tag,
  summary: `The clinician's visits between two dates of their time zone, at most ${scheduleRules.rangeMaxDays} days apart`,
  get request() {
    return z
      .object(range)
      .refine(rangeOrder, rangeOrderError)
      .refine((value) => spanDays(value) <= scheduleRules.rangeMaxDays, {
        error: 'validation.range_too_long',
        path: ['endDate'],
      });
  },
  get reply() {
    return success({ scheduleList: z.array(schedule) });
  },
});

export const getListAndLatestDoneSchedule = defineEndpoint({
  method: 'POST',
  path: '/schedule/getListAndLatestDoneScheduleBySeqMedicalRelation',
  access: 'manager',
  audit: { action: 'read', entity: 'schedule' },
  tag,
  summary: "One patient's visits, newest first, and the latest completed one with its visit note",
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ scheduleList: z.array(schedule), latestDoneSchedule: schedule.nullable() });
  },
});

export const createSchedule = defineEndpoint({
  method: 'POST',
  path: '/schedule/createSchedule',
  access: 'manager',
  audit: { action: 'create', entity: 'schedule' },
  tag,
  summary: 'Books an online visit with one of the clinician’s patients who uses the app',
  get request() {
    return z.object({ seqMedicalRelation: idField, ...visitTiming });
  },
  get reply() {
    return reply({ schedule }, [
      FailedCode.ScheduleOverlap,
      FailedCode.PatientScheduleOverlap,
      FailedCode.SchedulePast,
      FailedCode.NotAppMember,
    ]);
  },
});

export const updateNotStartedYetSchedule = defineEndpoint({
  method: 'PUT',
  path: '/schedule/updateNotStartedYetSchedule',
  access: 'manager',
  audit: { action: 'update', entity: 'schedule' },
  tag,
  summary: 'Moves or changes a visit that is still waiting',
  get request() {
    return z.object({ seqSchedule: idField, ...visitTiming });
  },
  get reply() {
    return reply({ schedule }, changeFailures);
  },
});

export const cancelNotStartedYetSchedule = defineEndpoint({
  method: 'PUT',
  path: '/schedule/cancelNotStartedYetSchedule',
  access: 'manager',
  audit: { action: 'update', entity: 'schedule' },
  tag,
  summary: 'Cancels a visit that is still waiting; the patient is told',
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return reply({ schedule }, [FailedCode.ScheduleNotWaiting]);
  },
});

export const saveScheduleNote = defineEndpoint({
  method: 'POST',
  path: '/schedule/saveScheduleNoteBySeqSchedule',
  access: 'manager',
  audit: { action: 'update', entity: 'schedule' },
  tag,
  summary: 'Saves the visit note (and whether it is important)',
  get request() {
    return z.object({
      seqSchedule: idField,
      scheduleNote: noteField,
      isNoteImportant: z.boolean().optional(),
    });
  },
  get reply() {
    return success({ data: z.object({ isSuccess: z.literal(true) }), schedule });
  },
});

/** One weekly window of availability, in the clinician's time zone. */
export const timelineWindow = z.lazy(() =>
  z
    .object({
      /** 1 Monday ... 7 Sunday. */
      dayOfWeek: z.number({ error: 'validation.required' }).int().min(1).max(7, { error: 'validation.invalid' }),
      startTime: z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { error: 'validation.schedule_slot' }),
      endTime: z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$|^21:00$/, { error: 'validation.schedule_slot' }),
    })
    .refine((window) => window.startTime < window.endTime, { error: 'validation.range_order', path: ['endTime'] })
    .refine((window) => window.startTime >= '07:00' && window.endTime <= '21:00', {
      error: 'validation.schedule_slot',
      path: ['startTime'],
    }),
);
export type TimelineWindow = z.infer<typeof timelineWindow>;

export const reservableTimeline = z.object({
  timeZone: z.string(),
  timeline: z.array(timelineWindow),
});

export const getReservableTimeline = defineEndpoint({
  method: 'POST',
  path: '/schedule/getReservableTimeline',
  access: 'manager',
  audit: false,
  tag,
  summary: "The clinician's weekly hours in which patients may book",
  request: emptyRequest,
  get reply() {
    return success(reservableTimeline.shape);
  },
});

export const updateReservableTimeline = defineEndpoint({
  method: 'PUT',
  path: '/schedule/reservableTimeline/updateTimeline',
  access: 'manager',
  audit: false,
  tag,
  summary: "Replaces the clinician's weekly hours; they are kept in the caller's time zone",
  get request() {
    return z.object({
      timeline: z
        .array(timelineWindow)
        .max(7 * 28, { error: 'validation.too_long' })
        .refine(
          (windows) =>
            windows.every((window, index) =>
              windows.every(
                (other, otherIndex) =>
                  otherIndex === index ||
                  other.dayOfWeek !== window.dayOfWeek ||
                  other.endTime <= window.startTime ||
                  other.startTime >= window.endTime,
              ),
            ),
          { error: 'validation.timeline_overlap' },
        ),
    });
  },
  get reply() {
    return success(reservableTimeline.shape);
  },
});

// The patient's side, used by the patients' app and apps/patient.

/** A visit as the patient sees it. */
export const patientSchedule = z.lazy(() =>
  schedule
    .omit({ scheduleNote: true, isNoteImportant: true, patientName: true, isAppMember: true })
    .extend({ managerName: z.string() }),
);
export type PatientSchedule = z.infer<typeof patientSchedule>;

export const getMyClinicians = defineEndpoint({
  method: 'POST',
  path: '/patientApp/getMyClinicians',
  access: 'patient',
  audit: { action: 'read', entity: 'medical_relation' },
  tag: patientTag,
  summary: 'The clinicians the patient is registered with, for booking',
  request: emptyRequest,
  get reply() {
    return success({
      clinicianList: z.array(
        z.object({
          seqMedicalRelation: z.number().int(),
          managerName: z.string(),
          managerSpecialty: z.string().nullable(),
        }),
      ),
    });
  },
});

export const getReservableSlots = defineEndpoint({
  method: 'POST',
  path: '/patientApp/getReservableSlots',
  access: 'patient',
  audit: { action: 'read', entity: 'reservable_slots' },
  tag: patientTag,
  summary: `Free start times in the clinician's weekly hours, for one visit length, at most ${scheduleRules.slotRangeMaxDays} days`,
  get request() {
    return z
      .object({ seqMedicalRelation: idField, scheduleExpectProgressTime: durationField, ...range })
      .refine(rangeOrder, rangeOrderError)
      .refine((value) => spanDays(value) <= scheduleRules.slotRangeMaxDays, {
        error: 'validation.range_too_long',
        path: ['endDate'],
      });
  },
  get reply() {
    return success({ slotList: z.array(z.string()) });
  },
});

export const listMySchedules = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listSchedules',
  access: 'patient',
  audit: { action: 'read', entity: 'schedule' },
  tag: patientTag,
  summary: "The patient's visits with every clinician, soonest first",
  request: emptyRequest,
  get reply() {
    return success({ scheduleList: z.array(patientSchedule) });
  },
});

export const bookSchedule = defineEndpoint({
  method: 'POST',
  path: '/patientApp/bookSchedule',
  access: 'patient',
  audit: { action: 'create', entity: 'schedule' },
  tag: patientTag,
  summary: "Books a visit in a free slot of the clinician's weekly hours; the clinician is told at once",
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      scheduleExpectStartDatetime: datetimeField,
      scheduleExpectProgressTime: durationField,
      scheduleSymptoms: symptomsField.nullable().optional(),
    });
  },
  get reply() {
    return reply({ schedule: patientSchedule }, [
      FailedCode.ScheduleOverlap,
      FailedCode.PatientScheduleOverlap,
      FailedCode.SchedulePast,
      FailedCode.OutsideOpenHours,
    ]);
  },
});

export const cancelMySchedule = defineEndpoint({
  method: 'PUT',
  path: '/patientApp/cancelSchedule',
  access: 'patient',
  audit: { action: 'update', entity: 'schedule' },
  tag: patientTag,
  summary: 'Cancels a waiting visit; the clinician is told at once',
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return reply({ schedule: patientSchedule }, [FailedCode.ScheduleNotWaiting]);
  },
});

export const updateScheduleSymptoms = defineEndpoint({
  method: 'PUT',
  path: '/patientApp/updateSymptoms',
  access: 'patient',
  audit: { action: 'update', entity: 'schedule' },
  tag: patientTag,
  summary: 'Attaches the symptoms text and photos (paths from /patientApp/uploadFile) to a waiting visit',
  get request() {
    return z.object({
      seqSchedule: idField,
      scheduleSymptoms: symptomsField.nullable(),
      schedulePhotoList: z.array(uploadPathField).max(scheduleRules.photosMax, { error: 'validation.too_many_photos' }),
    });
  },
  get reply() {
    return reply({ schedule: patientSchedule }, [FailedCode.ScheduleNotWaiting]);
  },
});
