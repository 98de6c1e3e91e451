import {
  ExerciseMode,
  ExerciseStatus,
  secondsToClock,
  clockToSeconds,
  type BodyOf,
  type ExerciseRecord,
  type getPatientRecordsByRange,
  type getUserMeasureDataByRange,
  type getPatientRecordsPaged,
  type getRomStatistics,
  type uploadExerciseRecords,
} from '@clinic/contract';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { InvalidField, notFound } from '../../domain-error.ts';
import { actorOf, type AuditEntry, auditInsert, recordAudit, relationEntry } from '../audit/index.ts';
import { ownedRelationOr404, patientAccountRepository } from '../shared/index.ts';
import {
  type DayRange,
  exerciseRecordRepository,
  type Prescription,
  type RecordRow,
} from './exercise-record.repository.ts';
import { exerciseRepository } from './exercise.repository.ts';

const measureModes = [ExerciseMode.passiveMeasure, ExerciseMode.activeMeasure];
const clockSkewMs = 10 * 60_000;

export function toExerciseRecord(row: RecordRow): ExerciseRecord {
  return {
    seqExerciseRecord: row.seqExerciseRecord,
    seqExercise: row.seqExercise,
    seqMedicalRelation: row.seqMedicalRelation,
    iuppiterUsageMode: row.usageMode,
    iuppiterUsageCount: row.usageCount,
    iuppiterUsageMinAngle: row.minAngle,
    iuppiterUsageMaxAngle: row.maxAngle,
    iuppiterUsageMinSpeed: row.minSpeed,
    iuppiterUsageMaxSpeed: row.maxSpeed,
    minTorque: row.minTorque,
    maxTorque: row.maxTorque,
    deviceUsageDuration: row.durationSeconds,
    exerciseGuideMode: row.guideMode,
    exerciseGuideMinRom: row.guideMinRom,
    exerciseGuideMaxRom: row.guideMaxRom,
    exerciseGuideExtension: row.guideExtension,
    exerciseGuideFlexion: row.guideFlexion,
    exerciseGuideSpeed: row.guideSpeed,
    exerciseGuideCount: row.guideCount,
    exerciseGuideTime: row.guideSeconds === null ? null : secondsToClock(row.guideSeconds),
    exerciseGuideDirection: row.guideDirection,
    exerciseGuidePosition: row.guidePosition,
    usageStartDatetime: row.usageStartAt.toISOString(),
    createDatetime: row.deviceCreatedAt.toISOString(),
    patientReview: row.patientReview,
    painLevel: row.painLevel,
  };
}

export interface ExerciseRecordService {
  upload(
    patient: PatientPrincipal,
    body: BodyOf<typeof uploadExerciseRecords>,
    context: RequestContext,
  ): Promise<Answer<typeof uploadExerciseRecords>>;
  byExercise(principal: Principal, seqExercise: number, context: RequestContext): Promise<ExerciseRecord[]>;
  paged(
    principal: Principal,
    body: BodyOf<typeof getPatientRecordsPaged>,
    context: RequestContext,
  ): Promise<Answer<typeof getPatientRecordsPaged>>;
  byRange(
    principal: Principal,
    body: BodyOf<typeof getPatientRecordsByRange>,
    context: RequestContext,
  ): Promise<Answer<typeof getPatientRecordsByRange>>;
  measures(
    principal: Principal,
    body: BodyOf<typeof getUserMeasureDataByRange>,
    context: RequestContext,
  ): Promise<Answer<typeof getUserMeasureDataByRange>>;
  romStatistics(
    principal: Principal,
    body: BodyOf<typeof getRomStatistics>,
    context: RequestContext,
  ): Promise<Answer<typeof getRomStatistics>>;
  activity(seqMedicalRelation: number, range: DayRange): Promise<ExerciseActivity>;
}

/** What a report counts of a relation's exercise in a range. */
export interface ExerciseActivity {
  prescriptions: Prescription[];
  /** Recorded sessions per prescription (`seqExercise`). */
  sessions: Map<number, number>;
  daysWithData: string[];
}

export function exerciseRecordService({ db, now }: { db: Database; now: Clock }): ExerciseRecordService {
  return {
    /**
     * Stores what a patient's device recorded. A record the patient already sent (same key) is
     * skipped, so a device that retries never makes a duplicate. The first record starts the
     * exercise; a record that completes the program accomplishes it.
     */
    async upload(patient, body, context) {
      return db.transaction(async (tx) => {
        const records = exerciseRecordRepository(tx);
        const ids = [...new Set(body.records.map((record) => record.seqExercise))];
        const exercises = new Map(
          (await records.exercisesOfPatient(patient.seqPatient, ids)).map((row) => [row.seqExercise, row]),
        );
        if (exercises.size !== ids.length) throw notFound();
        // A device clock may be off a little; a session before the prescription or in the future is not real.
        const latest = now().getTime() + clockSkewMs;
        body.records.forEach((record, index) => {
          const start = Date.parse(record.usageStartDatetime);
          const prescribed = exercises.get(record.seqExercise)!.createdAt.getTime() - clockSkewMs;
          if (start < prescribed || start > latest) {
            throw new InvalidField(`records.${index}.usageStartDatetime`, 'validation.record_time');
          }
        });
        const stored = await records.insertNew(
          body.records.map((record) => ({
            seqPatient: patient.seqPatient,
            recordKey: record.recordKey,
            seqExercise: record.seqExercise,
            seqMedicalRelation: exercises.get(record.seqExercise)!.seqMedicalRelation,
            usageMode: record.iuppiterUsageMode,
            usageCount: record.iuppiterUsageCount,
            minAngle: record.iuppiterUsageMinAngle,
            maxAngle: record.iuppiterUsageMaxAngle,
            minSpeed: record.iuppiterUsageMinSpeed,
            maxSpeed: record.iuppiterUsageMaxSpeed,
            minTorque: record.minTorque ?? null,
            maxTorque: record.maxTorque ?? null,
            durationSeconds: record.deviceUsageDuration,
            guideMode: record.exerciseGuideMode,
            guideMinRom: record.exerciseGuideMinRom,
            guideMaxRom: record.exerciseGuideMaxRom,
            guideExtension: record.exerciseGuideExtension ?? null,
            guideFlexion: record.exerciseGuideFlexion ?? null,
            guideSpeed: record.exerciseGuideSpeed ?? null,
            guideCount: record.exerciseGuideCount ?? null,
            guideSeconds: record.exerciseGuideTime ? clockToSeconds(record.exerciseGuideTime) : null,
            guideDirection: record.exerciseGuideDirection,
            guidePosition: record.exerciseGuidePosition,
            usageStartAt: new Date(record.usageStartDatetime),
            deviceCreatedAt: new Date(record.createDatetime),
            patientReview: record.patientReview || null,
            painLevel: record.painLevel ?? null,
            receivedAt: now(),
          })),
        );
        const storedKeys = new Set(stored.map((row) => row.recordKey));
        const changed: AuditEntry[] = [];
        for (const [seqExercise, current] of exercises) {
          const fresh = body.records.filter(
            (record) => record.seqExercise === seqExercise && storedKeys.has(record.recordKey),
          );
          if (fresh.length === 0) continue;
          const open =
            current.exerciseStatus === ExerciseStatus.waiting || current.exerciseStatus === ExerciseStatus.onProgress;
          const next = fresh.some((record) => record.exerciseCompleted)
            ? ExerciseStatus.accomplishedAuto
            : ExerciseStatus.onProgress;
          if (open && next !== current.exerciseStatus) {
            await records.setExerciseStatus(seqExercise, next, now());
            changed.push({
              action: 'update',
              entity: 'exercise',
              entityId: seqExercise,
              seqMedicalRelation: current.seqMedicalRelation,
              seqPatient: patient.seqPatient,
            });
          }
        }
        await recordAudit(tx, patient, context, now(), [
          ...[...new Set(stored.map((row) => row.seqMedicalRelation))].map((seqMedicalRelation) => ({
            action: 'create' as const,
            entity: 'exercise_record',
            seqMedicalRelation,
            seqPatient: patient.seqPatient,
          })),
          ...changed,
        ]);
        return { accepted: stored.length, duplicates: body.records.length - stored.length };
      });
    },

    async byExercise(principal, seqExercise, context) {
      const owned = await exerciseRepository(db).findOwned(seqExercise, principal.seqManager);
      if (!owned) throw notFound();
      const rows = await exerciseRecordRepository(db).listByExercise(seqExercise);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'exercise_record', owned, seqExercise)]);
      return rows.map(toExerciseRecord);
    },

    async paged(principal, body, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, body.seqMedicalRelation);
      const { startDate, endDate } = body;
      const result = await exerciseRecordRepository(db).pageByRelation(body.seqMedicalRelation, {
        ...body,
        range: startDate && endDate ? { startDate, endDate, timeZone: context.timeZone } : undefined,
      });
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'exercise_record', relation)]);
      return { recordList: result.rows.map(toExerciseRecord), totalCount: result.totalCount };
    },

    async byRange(principal, body, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, body.seqMedicalRelation);
      const result = await exerciseRecordRepository(db).pageByRelation(body.seqMedicalRelation, {
        sortingParam: 'usageStartDatetime',
        isDesc: false,
        page: body.page,
        size: body.size,
        range: { startDate: body.startDate, endDate: body.endDate, timeZone: context.timeZone },
      });
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'exercise_record', relation)]);
      return { recordList: result.rows.map(toExerciseRecord), totalCount: result.totalCount };
    },

    /** Measurements of an app member the clinician treats; anyone else reads as absent. */
    async measures(principal, body, context) {
      const member = await patientAccountRepository(db).findPatientByUser(body.seqUser);
      const relations = member
        ? await exerciseRecordRepository(db).relationsOfPatientForManager(member.seqPatient, principal.seqManager)
        : [];
      if (!member || relations.length === 0) throw notFound();
      const result = await exerciseRecordRepository(db).pageByRange({
        seqMedicalRelations: relations,
        range: { startDate: body.startDate, endDate: body.endDate, timeZone: context.timeZone },
        guideModes: measureModes,
        page: body.page,
        size: body.size,
      });
      await recordAudit(db, principal, context, now(), [
        { action: 'read', entity: 'measure', seqMedicalRelation: relations[0], seqPatient: member.seqPatient },
      ]);
      return { recordList: result.rows.map(toExerciseRecord), totalCount: result.totalCount };
    },

    async romStatistics(principal, body, context) {
      const statistics = await exerciseRecordRepository(db).romStatistics({
        seqMedicalRelation: body.seqMedicalRelation,
        seqManager: principal.seqManager,
        range: { startDate: body.startDate, endDate: body.endDate, timeZone: context.timeZone },
        filter: { position: body.position, mode: body.mode },
        audit: (owned) =>
          auditInsert(
            actorOf(principal, context),
            now(),
            {
              action: 'read',
              entity: 'rom_statistics',
              seqMedicalRelation: owned.seqMedicalRelation,
              seqPatient: owned.seqPatient,
            },
            owned.from,
          ),
      });
      if (!statistics) throw notFound();
      return statistics;
    },

    /** For a relation whose ownership the caller checked and whose read it recorded. */
    async activity(seqMedicalRelation, range) {
      const repository = exerciseRecordRepository(db);
      const [prescriptions, sessions, daysWithData] = await Promise.all([
        repository.prescriptionsInRange(seqMedicalRelation, range, {}),
        repository.sessionsPerExercise(seqMedicalRelation, range),
        repository.daysWithRecords(seqMedicalRelation, range),
      ]);
      return { prescriptions, sessions, daysWithData };
    },
  };
}
