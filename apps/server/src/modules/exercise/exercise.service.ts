import {
  applicableFields,
  clockToSeconds,
  ExerciseStatus,
  FailedCode,
  secondsToClock,
  statusTransitions,
  type Exercise,
  type ExerciseSettings,
  type listMyPatientsHomeExercises,
} from '@clinic/contract';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { prescriptionPartiesOf, type Notifier } from '../notification/index.ts';
import { ownedRelationOr404, todayIn } from '../shared/index.ts';
import { exerciseRepository, type ExerciseQuery, type ExerciseRow, type NewExercise } from './exercise.repository.ts';

const unfinished: number[] = [ExerciseStatus.waiting, ExerciseStatus.onProgress];

export function toExercise(row: ExerciseRow, today: string): Exercise {
  return {
    seqExercise: row.seqExercise,
    seqMedicalRelation: row.seqMedicalRelation,
    patientName: row.patientName,
    deviceType: row.deviceType === 2 ? 2 : 1,
    mode: row.mode,
    position: row.position,
    direction: row.direction,
    method: row.method,
    strength: row.strength,
    frequency: row.frequency,
    countPerSet: row.countPerSet,
    timePerSetMinutes: row.timePerSetMinutes,
    sets: row.sets,
    dueDate: row.dueDate,
    minRom: row.minRom,
    maxRom: row.maxRom,
    speed: row.speed,
    assistance: row.assistance,
    resistanceSensitivity: row.resistanceSensitivity,
    deviceHeight: row.deviceHeight,
    upDelay: row.upDelay,
    downDelay: row.downDelay,
    upLimit: row.upLimit,
    downLimit: row.downLimit,
    memo: row.memo,
    exerciseGuide: { exerciseGuideTime: secondsToClock(row.guideSeconds), exerciseGuideEvent: 'RomExercise' },
    exerciseStatus: row.exerciseStatus,
    isPastDue: unfinished.includes(row.exerciseStatus) && row.dueDate < today,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ExerciseService {
  add(
    principal: Principal,
    seqMedicalRelation: number,
    settings: ExerciseSettings,
    context: RequestContext,
  ): Promise<Exercise>;
  update(
    principal: Principal,
    seqExercise: number,
    settings: ExerciseSettings,
    context: RequestContext,
  ): Promise<Exercise>;
  setStatus(
    principal: Principal,
    seqExercise: number,
    exerciseStatus: number,
    context: RequestContext,
  ): Promise<Exercise>;
  remove(principal: Principal, seqExercise: number, context: RequestContext): Promise<void>;
  openForPatient(patient: PatientPrincipal, context: RequestContext): Promise<Exercise[]>;
  page(
    principal: Principal,
    query: Omit<ExerciseQuery, 'seqManager'>,
    context: RequestContext,
  ): Promise<Answer<typeof listMyPatientsHomeExercises>>;
}

export function exerciseService({ db, now, notify }: { db: Database; now: Clock; notify: Notifier }): ExerciseService {
  /** The stored columns of a prescription checked against the patient's device and today's date. */
  function columnsOf(
    settings: ExerciseSettings,
    deviceType: number,
    context: RequestContext,
  ): Omit<NewExercise, 'seqMedicalRelation' | 'seqManager'> {
    if (settings.deviceType !== deviceType) throw new InvalidField('exercise.deviceType', 'validation.device_mismatch');
    if (settings.dueDate < todayIn(now(), context.timeZone))
      throw new InvalidField('exercise.dueDate', 'validation.due_date_past');
    const applicable = new Set(applicableFields(settings.deviceType, settings.mode, settings.position));
    // Settings that do not apply to this device, mode and joint are not kept.
    const onlyIf = (field: Parameters<typeof applicable.has>[0]): number | null =>
      applicable.has(field) ? (settings[field] ?? null) : null;
    return {
      deviceType: settings.deviceType,
      mode: settings.mode,
      position: settings.position,
      direction: settings.direction,
      method: onlyIf('method'),
      strength: settings.strength,
      frequency: settings.frequency,
      countPerSet: settings.countPerSet ?? null,
      timePerSetMinutes: settings.timePerSetMinutes ?? null,
      sets: settings.sets,
      dueDate: settings.dueDate,
      minRom: settings.minRom,
      maxRom: settings.maxRom,
      speed: onlyIf('speed'),
      assistance: onlyIf('assistance'),
      resistanceSensitivity: onlyIf('resistanceSensitivity'),
      deviceHeight: onlyIf('deviceHeight'),
      upDelay: onlyIf('upDelay'),
      downDelay: onlyIf('downDelay'),
      upLimit: onlyIf('upLimit'),
      downLimit: onlyIf('downLimit'),
      memo: settings.memo || null,
      guideSeconds: clockToSeconds(settings.exerciseGuide.exerciseGuideTime),
      guideEvent: settings.exerciseGuide.exerciseGuideEvent,
    };
  }

  async function owned(database: Database, seqExercise: number, principal: Principal): Promise<ExerciseRow> {
    const row = await exerciseRepository(database).findOwned(seqExercise, principal.seqManager);
    if (!row) throw notFound();
    return row;
  }

  async function reread(
    database: Database,
    seqExercise: number,
    principal: Principal,
    context: RequestContext,
  ): Promise<Exercise> {
    return toExercise(await owned(database, seqExercise, principal), todayIn(now(), context.timeZone));
  }

  return {
    async add(principal, seqMedicalRelation, settings, context) {
      const { added, parties } = await db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, seqMedicalRelation);
        const seqExercise = await exerciseRepository(tx).insert({
          seqMedicalRelation,
          seqManager: principal.seqManager,
          ...columnsOf(settings, relation.deviceType, context),
          createdAt: now(),
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [relationEntry('create', 'exercise', relation, seqExercise)]);
        return {
          added: await reread(tx, seqExercise, principal, context),
          parties: await prescriptionPartiesOf(tx, seqMedicalRelation),
        };
      });
      // The patient hears of it once it is committed.
      await notify.prescriptionAdded(parties);
      return added;
    },

    async update(principal, seqExercise, settings, context) {
      return db.transaction(async (tx) => {
        const row = await owned(tx, seqExercise, principal);
        if (row.exerciseStatus !== ExerciseStatus.waiting) throw new BusinessFailure(FailedCode.ExerciseNotWaiting);
        await exerciseRepository(tx).update(seqExercise, {
          ...columnsOf(settings, row.deviceType, context),
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [relationEntry('update', 'exercise', row, row.seqExercise)]);
        return reread(tx, seqExercise, principal, context);
      });
    },

    async setStatus(principal, seqExercise, exerciseStatus, context) {
      return db.transaction(async (tx) => {
        const row = await owned(tx, seqExercise, principal);
        const allowed = statusTransitions[row.exerciseStatus as ExerciseStatus] ?? [];
        if (row.exerciseStatus !== exerciseStatus) {
          if (!allowed.includes(exerciseStatus as ExerciseStatus))
            throw new BusinessFailure(FailedCode.IllegalStatusChange);
          await exerciseRepository(tx).update(seqExercise, { exerciseStatus, updatedAt: now() });
          await recordAudit(tx, principal, context, now(), [relationEntry('update', 'exercise', row, row.seqExercise)]);
        }
        return reread(tx, seqExercise, principal, context);
      });
    },

    async remove(principal, seqExercise, context) {
      await db.transaction(async (tx) => {
        const row = await owned(tx, seqExercise, principal);
        if (row.exerciseStatus !== ExerciseStatus.waiting) throw new BusinessFailure(FailedCode.ExerciseNotWaiting);
        await exerciseRepository(tx).update(seqExercise, { deletedAt: now(), updatedAt: now() });
        await recordAudit(tx, principal, context, now(), [relationEntry('delete', 'exercise', row, row.seqExercise)]);
      });
    },

    async openForPatient(patient, context) {
      const today = todayIn(now(), context.timeZone);
      const rows = await exerciseRepository(db).openForPatient(patient.seqPatient);
      return rows.map((row) => toExercise(row, today));
    },

    async page(principal, query, context) {
      if (query.seqMedicalRelation !== undefined)
        await ownedRelationOr404(db, principal.seqManager, query.seqMedicalRelation);
      const result = await exerciseRepository(db).page({ ...query, seqManager: principal.seqManager });
      await recordAudit(db, principal, context, now(), [
        {
          action: 'read',
          entity: 'exercise_list',
          entityId: result.rows.length,
          seqMedicalRelation: query.seqMedicalRelation,
        },
      ]);
      const today = todayIn(now(), context.timeZone);
      return { exerciseList: result.rows.map((row) => toExercise(row, today)), totalCount: result.totalCount };
    },
  };
}
