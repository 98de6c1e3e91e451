import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Resource } from '@medplum/fhirtypes';
import { and, count, eq, exists, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { appUser, fhirClient, fhirExport, manager, medicalRelation, type FhirExportFile } from '../../db/schema.ts';
import { FailedCode } from '@clinic/contract';
import { HttpFailure, notFound } from '../../domain-error.ts';
import type { Job } from '../../jobs/job-runner.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { loggableError } from '../../db/errors.ts';
import { actorOf, auditInsert, recordAudit } from '../audit/index.ts';
import { auditCallerOf, type FhirCaller } from './fhir-client.service.ts';
import {
  toAppointment,
  toCommunication,
  toCondition,
  toDevice,
  toNoteDocument,
  toEncounter,
  toPatient,
  toPractitioner,
  toQuestionnaireResponse,
  toRomObservation,
  toScoreObservation,
  toServiceRequest,
} from './fhir-resources.ts';
import { fhirRepository, type Batch } from './fhir.repository.ts';
import { fhirTypes, questionnairesOf, scoreSourceOf, type FhirType } from './fhir.service.ts';
import { FhirSearchError } from './fhir-search.ts';

export const fhirExportRules = {
  /** Rows read per query: what the export holds of the database at a time. */
  batchRows: 1_000,
  /** Resources per NDJSON file (each written as its batches come). */
  resourcesPerFile: 50_000,
  /**
   * Resources per piece of text written: a piece of some 100 KB dies young, where a whole batch's
   * (megabytes) would be allocated among the old objects and grow the heap until a full collection.
   */
  chunkResources: 100,
  /** How long the files of a finished export are kept. */
  keptMs: 2 * 3_600_000,
  /** A run that has not beaten for this long (its instance stopped) is taken up again. */
  staleMs: 120_000,
  /** How often a run beats, and so how soon it sees that it was cancelled. */
  beatMs: 5_000,
  /** How long before its claim an export's transactionTime lies. */
  commitMarginMs: 10_000,
  /** Exports a caller may have waiting or running at once. */
  activePerCaller: 2,
  /** What a client polling the status is told to wait, in seconds. */
  retryAfterSeconds: 2,
};

const ndjsonFormats = new Set(['application/fhir+ndjson', 'application/ndjson', 'ndjson']);

/** The kick-off's parameters, from the query (GET) or a Parameters resource (POST). */
export type ExportParameters = Map<string, string[]>;

export type ExportStatus =
  | { state: 'running'; progress: string }
  | { state: 'failed' }
  | {
      state: 'complete';
      expiresAt: Date;
      manifest: {
        transactionTime: string;
        request: string;
        requiresAccessToken: true;
        output: { type: string; url: string; count: number }[];
        error: [];
      };
    };

export interface FhirExportService {
  /**
   * Starts an export of the clinician's patients (`group`: the id of the clinician's group, which
   * is the Practitioner's), with `_type` and `_since`; answers the export's id.
   */
  kickOff(
    caller: FhirCaller,
    request: { url: string; group?: string; parameters: ExportParameters; allowed: (type: FhirType) => boolean },
    context: RequestContext,
  ): Promise<string>;
  status(caller: FhirCaller, id: string): Promise<ExportStatus>;
  /** Stops the export and deletes its files; its status is then missing. */
  cancel(caller: FhirCaller, id: string, context: RequestContext): Promise<void>;
  file(caller: FhirCaller, id: string, index: number, context: RequestContext): Promise<Readable>;
  /** Deletes the files of exports past their time and takes up waiting or abandoned runs. */
  job: Pick<Job, 'run'>;
  /** Stops the run on this instance, leaving its export to be taken up again (at shutdown). */
  stop(): Promise<void>;
}

/** One type's resources a batch at a time, in key order: the export never holds more than a batch of rows. */
type Batches = AsyncGenerator<Resource[], void>;

/**
 * FHIR Bulk Data export (decision 0020): a kick-off records the export, a run on this instance (or
 * the background job on any) writes its NDJSON files to the file storage, one resource type per
 * file, and the status answers the manifest once they are all written.
 */
export function fhirExportService({
  db,
  storage,
  now,
  base,
  log,
}: {
  db: Database;
  storage: FileStorage;
  now: Clock;
  base: string;
  log: FastifyBaseLogger;
}): FhirExportService {
  const repository = fhirRepository(db);
  let running: Promise<void> = Promise.resolve();
  let draining = false;
  let askedAgain = false;
  let stopping = false;

  const ownedBy = (caller: FhirCaller) =>
    and(
      eq(fhirExport.seqManager, caller.seqManager),
      caller.client ? eq(fhirExport.clientId, caller.client.id) : isNull(fhirExport.clientId),
    );

  async function find(caller: FhirCaller, id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(fhirExport)
      .where(and(eq(fhirExport.id, id), ownedBy(caller)));
    return row;
  }

  const audited = (caller: FhirCaller, context: RequestContext, entityId: string | undefined) =>
    recordAudit(db, auditCallerOf(caller), context, now(), [
      { action: 'read', entity: 'fhir_export', entityId, outcome: entityId ? 'success' : 'denied' },
    ]);

  const removeFiles = (files: FhirExportFile[]) => Promise.all(files.map((file) => storage.remove(file.storageKey)));

  /**
   * Runs waiting exports one after another until none is left: one drain at a time on an
   * instance, which claims again when an export was asked for while it was finishing.
   */
  function drain(): void {
    if (stopping) return;
    if (draining) {
      askedAgain = true;
      return;
    }
    draining = true;
    running = (async () => {
      try {
        do {
          askedAgain = false;
          for (let next = await claim(); next && !stopping; next = stopping ? undefined : await claim())
            await run(next);
        } while (askedAgain && !stopping);
      } catch (error) {
        log.error({ err: loggableError(error) }, 'FHIR export failed');
      } finally {
        draining = false;
      }
    })();
  }

  /**
   * The oldest export waiting, or abandoned by a run that stopped beating (by the database's
   * clock, which every instance shares), now running here under a run id of its own: every write of
   * the run names it, so a run taken over writes nothing more. The files the abandoned run recorded
   * are deleted.
   */
  async function claim() {
    const runId = randomUUID();
    // A little before the claim, so that a change stamped just before it but committed after a read is in the next export.
    const transactionTime = new Date(now().getTime() - fhirExportRules.commitMarginMs);
    const { rows } = (await db.execute(sql`
      with taken as (
        select ${fhirExport.id} as id, ${fhirExport.files} as files from ${fhirExport}
        where ${fhirExport.status} = 'accepted'
          or (${fhirExport.status} = 'running'
            and ${fhirExport.heartbeatAt} < now() - make_interval(secs => ${fhirExportRules.staleMs / 1000}))
        order by ${fhirExport.createdAt} limit 1 for update skip locked)
      update ${fhirExport} set status = 'running', run_id = ${runId}, heartbeat_at = now(), files = '[]',
        transaction_time = ${transactionTime.toISOString()}::timestamptz
      from taken where ${fhirExport.id} = taken.id
      returning ${fhirExport.id} as id, ${fhirExport.seqManager} as "seqManager", ${fhirExport.types} as types,
        ${fhirExport.since} as since, taken.files as "abandonedFiles"`)) as {
      rows: {
        id: string;
        seqManager: number;
        types: FhirType[];
        since: Date | string | null;
        abandonedFiles: FhirExportFile[];
      }[];
    };
    const [row] = rows;
    if (!row) return undefined;
    await removeFiles(row.abandonedFiles);
    return { ...row, runId, since: row.since === null ? undefined : new Date(row.since) };
  }

  async function run(job: {
    id: string;
    runId: string;
    seqManager: number;
    types: FhirType[];
    since: Date | undefined;
  }) {
    const ours = and(eq(fhirExport.id, job.id), eq(fhirExport.runId, job.runId));
    /** Beats (and records a file about to be written); false once the export was cancelled or taken over. */
    const beat = async (file?: FhirExportFile): Promise<boolean> => {
      const updated = await db
        .update(fhirExport)
        .set({
          heartbeatAt: sql`now()`,
          ...(file && { files: sql`${fhirExport.files} || ${JSON.stringify([file])}::jsonb` }),
        })
        .where(ours)
        .returning({ id: fhirExport.id });
      return updated.length > 0;
    };
    /** Sets the count of the file written last, once it is whole. */
    const counted = async (count: number): Promise<boolean> => {
      const updated = await db
        .update(fhirExport)
        .set({
          files: sql`jsonb_set(${fhirExport.files}, array[(jsonb_array_length(${fhirExport.files}) - 1)::text, 'count'], ${count}::text::jsonb)`,
        })
        .where(ours)
        .returning({ id: fhirExport.id });
      return updated.length > 0;
    };
    let gone = false;
    // On a timer, so that a long read or a slow upload is no silence.
    const beating = setInterval(() => {
      beat().then(
        (alive) => (gone ||= !alive),
        (error: unknown) => log.error({ err: loggableError(error) }, 'FHIR export heartbeat failed'),
      );
    }, fhirExportRules.beatMs);
    try {
      let index = 0;
      for (const type of job.types) {
        const resources = oneByOne(batchesOf(type, job.seqManager, job.since));
        while (!(await resources.done())) {
          const file = { type, count: 0, storageKey: `fhir-exports/${job.id}-${job.runId}-${index}.ndjson` };
          index += 1;
          // Recorded before it is written, so that a run taken over deletes it.
          if (!(await beat(file))) return;
          let count = 0;
          const text = async function* () {
            for (;;) {
              if (gone || stopping) throw new RunEnded();
              const batch = await resources.take(
                Math.min(fhirExportRules.chunkResources, fhirExportRules.resourcesPerFile - count),
              );
              if (batch.length === 0) return;
              count += batch.length;
              yield `${batch.map((resource) => JSON.stringify(resource)).join('\n')}\n`;
            }
          };
          try {
            await storage.write(file.storageKey, text());
          } catch (error) {
            if (error instanceof RunEnded) return;
            throw error;
          }
          if (!(await counted(count))) {
            await storage.remove(file.storageKey);
            return;
          }
        }
      }
      await db
        .update(fhirExport)
        .set({ status: 'complete', expiresAt: new Date(now().getTime() + fhirExportRules.keptMs) })
        .where(ours);
    } catch (error) {
      log.error({ err: loggableError(error), export: job.id }, 'FHIR export failed');
      const [failed] = await db
        .update(fhirExport)
        .set({ status: 'failed', expiresAt: new Date(now().getTime() + fhirExportRules.keptMs) })
        .where(ours)
        .returning({ files: fhirExport.files });
      if (failed) await removeFiles(failed.files);
    } finally {
      clearInterval(beating);
    }
  }

  function batchesOf(type: FhirType, seqManager: number, since: Date | undefined): Batches {
    const batch: Batch = { since, limit: fhirExportRules.batchRows };
    switch (type) {
      case 'Patient':
        return mapped(
          inKeyOrder(
            (after) => repository.patientsAfter(seqManager, after, batch),
            (row) => row.seqMedicalRelation,
          ),
          (rows) => rows.map((row) => toPatient(row, base)),
        );
      case 'Practitioner':
        return (async function* () {
          const row = await repository.practitioner(seqManager);
          if (row) yield [toPractitioner(row)];
        })();
      case 'Device':
        return mapped(relationsOf(seqManager), async (relations) =>
          (await repository.devicesOf(relations)).map((row) => toDevice(row.seqMedicalRelation, row.deviceType)),
        );
      case 'Observation':
        return (async function* () {
          yield* observations(seqManager, batch);
          yield* mapped(
            inKeyOrder(
              (after) => repository.scoresAfter(seqManager, after, batch),
              (row) => row.seqQuestionnaireResponse,
            ),
            (rows) => rows.map((row) => toScoreObservation(scoreSourceOf(row), base)),
          );
        })();
      case 'ServiceRequest':
        return mapped(
          inKeyOrder(
            (after) => repository.prescriptionsAfter(seqManager, after, batch),
            (row) => row.seqExercise,
          ),
          (rows) => rows.map(toServiceRequest),
        );
      case 'Questionnaire':
        return (async function* () {
          yield await questionnairesOf(repository, seqManager);
        })();
      case 'QuestionnaireResponse':
        return mapped(
          inKeyOrder(
            (after) => repository.responsesAfter(seqManager, after, batch),
            (row) => row.seqQuestionnaireResponse,
          ),
          (rows) => rows.map(toQuestionnaireResponse),
        );
      case 'Condition':
        return mapped(relationsOf(seqManager), async (relations) =>
          (await repository.conditionsOf(relations, since)).map(toCondition),
        );
      case 'DocumentReference':
        return mapped(
          inKeyOrder(
            (after) => repository.notesAfter(seqManager, after, batch),
            (row) => row.seqManagerNote,
          ),
          (rows) => rows.map(toNoteDocument),
        );
      case 'Communication':
        return mapped(
          inKeyOrder(
            (after) => repository.messagesAfter(seqManager, after, batch),
            (row) => row.seqMessage,
          ),
          (rows) => rows.map(toCommunication),
        );
      case 'Appointment':
      case 'Encounter': {
        const held = type === 'Encounter';
        return mapped(
          inKeyOrder(
            (after) => repository.visitsAfter(seqManager, after, { ...batch, held }),
            (row) => row.seqSchedule,
          ),
          (rows) => {
            const at = now();
            return rows.map((visit) =>
              held && visit.startedAt && visit.progressSeconds !== null
                ? toEncounter({ ...visit, startedAt: visit.startedAt, progressSeconds: visit.progressSeconds })
                : toAppointment(visit, at),
            );
          },
        );
      }
    }
  }

  const relationsOf = (seqManager: number) =>
    inKeyOrder(
      (after) => repository.relationsAfter(seqManager, after, fhirExportRules.batchRows),
      (id) => id,
    );

  /** Each record's sessions, each session its smallest and its largest angle. */
  async function* observations(seqManager: number, batch: Batch): Batches {
    for await (const relations of relationsOf(seqManager))
      for (const seqMedicalRelation of relations)
        yield* mapped(
          inKeyOrder(
            (after) => repository.sessionsAfter(seqMedicalRelation, after, batch),
            (session) => session.seqExerciseRecord,
          ),
          (sessions) =>
            sessions.flatMap((session) => [
              toRomObservation(session, 'min', base),
              toRomObservation(session, 'max', base),
            ]),
        );
  }

  return {
    async kickOff(caller, { url, group, parameters, allowed }, context) {
      if (group !== undefined && group !== String(caller.seqManager)) {
        await audited(caller, context, undefined);
        throw notFound();
      }
      const { types, since } = exportParameters(parameters, now());
      const asked = types ?? fhirTypes.filter(allowed);
      if (asked.length === 0 || !asked.every(allowed)) {
        await audited(caller, context, undefined);
        throw new HttpFailure(403, FailedCode.Forbidden);
      }
      const [active] = await db
        .select({ count: count() })
        .from(fhirExport)
        .where(and(ownedBy(caller), inArray(fhirExport.status, ['accepted', 'running'])));
      if ((active?.count ?? 0) >= fhirExportRules.activePerCaller)
        throw new HttpFailure(429, FailedCode.TooManyRequests);
      const id = randomUUID();
      // One row for each patient record the export reads, so that a patient's trail names it.
      await db.execute(
        auditInsert(
          actorOf(auditCallerOf(caller), context),
          now(),
          {
            action: 'read',
            entity: 'fhir_export',
            entityId: sql`${id}`,
            seqMedicalRelation: sql`r.seq_medical_relation`,
          },
          sql`(select ${medicalRelation.seqMedicalRelation} as seq_medical_relation from ${medicalRelation}
            where ${medicalRelation.seqManager} = ${caller.seqManager}) as r`,
        ),
      );
      await db.insert(fhirExport).values({
        id,
        seqManager: caller.seqManager,
        clientId: caller.client?.id ?? null,
        request: url,
        types: asked,
        since: since ?? null,
        status: 'accepted',
        createdAt: now(),
      });
      drain();
      return id;
    },

    async status(caller, id) {
      const row = await find(caller, id);
      if (!row) throw notFound();
      if (row.status === 'failed') return { state: 'failed' };
      if (row.status !== 'complete') {
        const resources = row.files.reduce((sum, file) => sum + file.count, 0);
        return { state: 'running', progress: `${resources} resources in ${row.files.length} files written` };
      }
      return {
        state: 'complete',
        expiresAt: row.expiresAt!,
        manifest: {
          transactionTime: row.transactionTime!.toISOString(),
          request: row.request,
          requiresAccessToken: true,
          output: row.files.map((file, index) => ({
            type: file.type,
            url: `${base}/$export-file/${row.id}/${index}`,
            count: file.count,
          })),
          error: [],
        },
      };
    },

    async cancel(caller, id, context) {
      const row = await find(caller, id);
      if (!row) throw notFound();
      const [deleted] = await db.delete(fhirExport).where(eq(fhirExport.id, id)).returning({ files: fhirExport.files });
      if (deleted) await removeFiles(deleted.files);
      await recordAudit(db, auditCallerOf(caller), context, now(), [
        { action: 'delete', entity: 'fhir_export', entityId: id, outcome: 'success' },
      ]);
    },

    async file(caller, id, index, context) {
      const row = await find(caller, id);
      const file = row?.status === 'complete' ? row.files[index] : undefined;
      const bytes = file && (await storage.get(file.storageKey));
      await audited(caller, context, bytes ? `${id}/${index}` : undefined);
      if (!bytes) throw notFound();
      return bytes;
    },

    job: {
      async run(tx) {
        // Past their time, or asked by a system since revoked or a clinician since deleted.
        const expired = await tx
          .delete(fhirExport)
          .where(
            or(
              lt(fhirExport.expiresAt, now()),
              exists(
                tx
                  .select({ one: sql`1` })
                  .from(fhirClient)
                  .where(and(eq(fhirClient.id, fhirExport.clientId), isNotNull(fhirClient.revokedAt))),
              ),
              exists(
                tx
                  .select({ one: sql`1` })
                  .from(manager)
                  .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
                  .where(and(eq(manager.seqManager, fhirExport.seqManager), isNotNull(appUser.deletedAt))),
              ),
            ),
          )
          .returning({ files: fhirExport.files });
        return async () => {
          await removeFiles(expired.flatMap((row) => row.files));
          drain();
        };
      },
    },

    async stop() {
      stopping = true;
      await running;
    },
  };
}

const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

/** An instant as FHIR writes one: a date and a time with its zone. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** The kick-off's `_type`, `_since` and `_outputFormat`; any other parameter is refused (strict). */
function exportParameters(parameters: ExportParameters, at: Date): { types?: FhirType[]; since?: Date } {
  for (const [name, values] of parameters) {
    if (!['_type', '_since', '_outputFormat'].includes(name))
      throw new FhirSearchError(`The export does not take ${name}.`, 'not-supported');
    if (values.length > 1 && name !== '_type') throw new FhirSearchError(`Give ${name} once.`);
  }
  const format = parameters.get('_outputFormat')?.[0];
  if (format !== undefined && !ndjsonFormats.has(format))
    throw new FhirSearchError('The export writes application/fhir+ndjson only.', 'not-supported');
  const sinceText = parameters.get('_since')?.[0];
  const since = sinceText === undefined ? undefined : new Date(sinceText);
  if (sinceText !== undefined && (!instantPattern.test(sinceText) || Number.isNaN(since!.getTime()) || since! > at))
    throw new FhirSearchError('_since must be an instant with its time zone, not in the future.');
  const named = parameters.get('_type')?.flatMap((value) => value.split(',').map((type) => type.trim()));
  if (named?.some((type) => !(fhirTypes as string[]).includes(type)))
    throw new FhirSearchError(`The export's types are ${fhirTypes.join(', ')}.`, 'not-supported');
  return { ...(named && { types: [...new Set(named)] as FhirType[] }), ...(since && { since }) };
}

/** A run that stops: cancelled, taken over, or its instance shutting down. */
class RunEnded extends Error {}

/** A type's resources taken a given number at a time from its batches, and whether any is left. */
function oneByOne(batches: Batches) {
  let pending: Resource[] = [];
  let ended = false;
  const fill = async (): Promise<void> => {
    while (pending.length === 0 && !ended) {
      const next = await batches.next();
      if (next.done) ended = true;
      else pending = next.value;
    }
  };
  return {
    async done(): Promise<boolean> {
      await fill();
      return pending.length === 0;
    },
    /** Up to `most` resources: what is left of the current batch, read on when it is spent. */
    async take(most: number): Promise<Resource[]> {
      if (most <= 0) return [];
      await fill();
      const taken = pending.slice(0, most);
      pending = pending.slice(most);
      return taken;
    },
  };
}

/** Rows by batches read in key order, each batch after the last key of the one before. */
async function* inKeyOrder<Row>(read: (after: number) => Promise<Row[]>, keyOf: (row: Row) => number) {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < fhirExportRules.batchRows) return;
    after = keyOf(rows.at(-1)!);
  }
}

async function* mapped<Row>(batches: AsyncGenerator<Row[]>, map: (rows: Row[]) => Resource[] | Promise<Resource[]>) {
  for await (const rows of batches) yield await map(rows);
}
