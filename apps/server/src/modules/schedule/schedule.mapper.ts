import {
  durationOfMinutes,
  isoInZone,
  patientSchedule,
  uploadPathOf,
  type PatientSchedule,
  type Schedule,
  type ScheduleDuration,
} from '@clinic/contract';
import type { ScheduleRow, ScheduleView } from './schedule.repository.ts';
import { minuteMs } from './visit-time.ts';

/** A measured call length as HH:mm:ss. */
function progressClock(seconds: number | null): string | null {
  if (seconds === null) return null;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

function durationOf(row: Pick<ScheduleRow, 'expectStartAt' | 'expectEndAt'>): ScheduleDuration {
  const minutes = Math.round((row.expectEndAt.getTime() - row.expectStartAt.getTime()) / minuteMs);
  return durationOfMinutes(minutes) ?? '01:00:00';
}

/** A visit in the reader's time zone. */
export function toSchedule(row: ScheduleView, timeZone: string): Schedule {
  return {
    seqSchedule: row.seqSchedule,
    seqMedicalRelation: row.seqMedicalRelation,
    patientName: row.patientName,
    isAppMember: row.patientUser !== null,
    scheduleStatus: row.status as Schedule['scheduleStatus'],
    scheduleExpectStartDatetime: isoInZone(row.expectStartAt, timeZone),
    scheduleExpectEndDatetime: isoInZone(row.expectEndAt, timeZone),
    scheduleExpectProgressTime: durationOf(row),
    scheduleStartDatetime: row.startedAt ? isoInZone(row.startedAt, timeZone) : null,
    scheduleProgressTime: progressClock(row.progressSeconds),
    scheduleNote: row.note,
    isNoteImportant: row.isNoteImportant,
    scheduleSymptoms: row.symptoms,
    schedulePhotoList: row.photoIds.map(uploadPathOf),
    bookedBy: row.bookedBy,
  };
}

/** A visit as the patient sees it: without the clinician's note. */
export function toPatientSchedule(row: ScheduleView, timeZone: string): PatientSchedule {
  return patientSchedule.parse({ ...toSchedule(row, timeZone), managerName: row.managerName });
}
