import {
  getPatientRecordsByRange,
  getPatientRecordsPaged,
  getRomStatistics,
  getSelectedExerciseRecords,
  getUserMeasureDataByRange,
  uploadExerciseRecords,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { ExerciseRecordService } from './exercise-record.service.ts';

export function exerciseRecordRoutes(records: ExerciseRecordService): Route[] {
  return [
    route(uploadExerciseRecords, async (body, context) => ({
      ...ok,
      ...(await records.upload(patientOf(context), body, context)),
    })),
    route(getSelectedExerciseRecords, async (body, context) => ({
      ...ok,
      recordList: await records.byExercise(principalOf(context), body.seqExercise, context),
    })),
    route(getPatientRecordsPaged, async (body, context) => ({
      ...ok,
      ...(await records.paged(principalOf(context), body, context)),
    })),
    route(getPatientRecordsByRange, async (body, context) => ({
      ...ok,
      ...(await records.byRange(principalOf(context), body, context)),
    })),
    route(getUserMeasureDataByRange, async (body, context) => ({
      ...ok,
      ...(await records.measures(principalOf(context), body, context)),
    })),
    route(getRomStatistics, async (body, context) => ({
      ...ok,
      ...(await records.romStatistics(principalOf(context), body, context)),
    })),
  ];
}
