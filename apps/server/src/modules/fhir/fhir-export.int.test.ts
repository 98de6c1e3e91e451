import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  addClinicAssignedExercise,
  addManagerNote,
  appendPatientStatus,
  addQuestionnaireSchedule,
  sendMessage,
  createSchedule,
  getRomStatistics,
  revokeFhirClient,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import type { Observation, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JWK, CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectValidFhir, usCorePatient } from '../../../test/fhir-validation.ts';
import {
  answerDueLefs,
  callApi,
  deviceSession,
  kneeProgram,
  relogin,
  verifiedClinician,
  verifiedPatient,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { clientAssertion, esKeys, registerClient, requestToken } from '../../../test/smart-client.ts';
import { auditEvent, fhirExport } from '../../db/schema.ts';
import { fhirExportRules } from './fhir-export.service.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let seqMedicalRelation: number;
let secondRelation: number;
let otherRelation: number;
let seqExercise: number;
let keys: { privateKey: CryptoKey; publicJwk: JWK };

const base = 'http://localhost:3000/fhir/R4';

const asClinician = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, who = clinician) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });

const enrol = async (who: typeof clinician, patient?: typeof member): Promise<number> =>
  registerMember(
    t.app,
    who.tokens.accessToken,
    (patient ?? (await verifiedPatient(t.app, t.mail))).tokens.accessToken,
    2,
  );

/** A token of a system the clinician registered with the scopes given, by an ES384 assertion. */
async function systemClient(scope = 'system/*.rs'): Promise<{ clientId: string; token: string }> {
  const clientId = await registerClient(t.app, clinician.tokens.accessToken, keys.publicJwk, scope);
  const assertion = await clientAssertion(t.clock, `${base}/auth/token`, {
    clientId,
    privateKey: keys.privateKey,
    kid: keys.publicJwk.kid,
  });
  const granted = await requestToken(t.app, assertion, scope);
  expect(granted.status).toBe(200);
  return { clientId, token: granted.body.access_token! };
}

const systemToken = async (scope?: string): Promise<string> => (await systemClient(scope)).token;

async function fhirCall(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | undefined,
  { prefer = 'respond-async', body }: { prefer?: string | null; body?: unknown } = {},
) {
  const response = await t.app.inject({
    method,
    url: url.startsWith(base) ? `/fhir/R4${url.slice(base.length)}` : `/fhir/R4/${url}`,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(prefer && { prefer }),
      accept: 'application/fhir+json',
      'accept-language': 'en',
      ...(body !== undefined && { 'content-type': 'application/fhir+json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return response;
}

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

/** Kicks an export off, polls its status until the manifest, and reads every file it lists. */
async function exportOf(kickOff: string, token: string, body?: unknown) {
  const started = await fhirCall(body === undefined ? 'GET' : 'POST', kickOff, token, { body });
  expect(started.statusCode, started.body).toBe(202);
  const status = started.headers['content-location'] as string;
  expect(status).toMatch(new RegExp(`^${base.replaceAll('/', '\\/')}/\\$export-status/[0-9a-f-]{36}$`));
  const done = await vi.waitFor(
    async () => {
      const polled = await fhirCall('GET', status, token);
      if (polled.statusCode === 202) {
        expect(polled.headers['x-progress']).toMatch(/resources/);
        expect(polled.headers['retry-after']).toBe(String(fhirExportRules.retryAfterSeconds));
      }
      expect(polled.statusCode).toBe(200);
      return polled;
    },
    { timeout: 20_000, interval: 20 },
  );
  expect(done.headers.expires).toBeDefined();
  const manifest = done.json<Manifest>();
  const resources: Resource[] = [];
  for (const file of manifest.output) {
    const read = await fhirCall('GET', file.url, token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
    const lines = read.body.trimEnd().split('\n');
    expect(lines).toHaveLength(file.count);
    for (const line of lines) {
      const resource = JSON.parse(line) as Resource;
      expect(resource.resourceType).toBe(file.type);
      expectValidFhir(resource, resource.resourceType === 'Patient' ? usCorePatient : undefined);
      resources.push(resource);
    }
  }
  return { status, manifest, resources };
}

/** The files of an export kept on disk. */
const exportedFiles = (id: string): string[] => {
  const folder = join(t.dataDir, 'uploads', 'fhir-exports');
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(id)) : [];
};

const idsOf = (resources: Resource[], type: string) =>
  resources.filter((resource) => resource.resourceType === type).map((resource) => resource.id);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  seqMedicalRelation = await enrol(clinician, member);
  secondRelation = await enrol(clinician);
  otherRelation = await enrol(other);
  seqExercise = (await asClinician(addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram })).success
    .exercise.seqExercise;
  await asClinician(createSchedule, {
    seqMedicalRelation: secondRelation,
    scheduleExpectStartDatetime: '2026-12-01T10:00:00Z',
    scheduleExpectProgressTime: '00:30:00',
  });
  t.clock.advance(3 * 86_400_000);
  await relogin(t.app, member);
  const sessions = [
    deviceSession(seqExercise, 'export-1', '2026-11-23T08:00:00Z', { iuppiterUsageMinAngle: 14 }),
    deviceSession(seqExercise, 'export-2', '2026-11-23T18:00:00Z', { iuppiterUsageMaxAngle: 88 }),
    deviceSession(seqExercise, 'export-3', '2026-11-24T09:00:00Z', { iuppiterUsageMinAngle: 9 }),
  ];
  const uploaded = await callApi(
    t.app,
    uploadExerciseRecords,
    { records: sessions },
    { token: member.tokens.accessToken },
  );
  expect(uploaded.reply).toMatchObject({ accepted: 3 });
  await relogin(t.app, clinician);
  const message = { seqMedicalRelation, idempotencyKey: randomUUID(), text: 'See you on Monday.' };
  expect((await asClinician(sendMessage, message)).status).toBe(200);
  const note = {
    seqMedicalRelation,
    noteTitle: 'Plan',
    noteContent: 'Keep going.',
    isImportant: false,
    isPublic: true,
  };
  expect((await asClinician(addManagerNote, note)).status).toBe(200);
  const condition = { primaryDiagnosis: 'Total knee arthroplasty' };
  expect((await asClinician(appendPatientStatus, { seqMedicalRelation, status: condition })).status).toBe(200);
  const lefsOnce = { kind: 'shipped', key: 'lefs' } as const;
  await asClinician(addQuestionnaireSchedule, { seqMedicalRelation, instrument: lefsOnce, cadence: { kind: 'once' } });
  await answerDueLefs(t.app, member.tokens.accessToken, t.clock(), 2);
  keys = await esKeys();
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [clinician, other]) await relogin(t.app, who);
});

describe('FHIR Bulk Data export', () => {
  it('exports the clinician’s group for a signed-in system: every file valid, counted, of the clinician’s patients only, with the ROM statistic’s numbers', async () => {
    const token = await systemToken();
    const { manifest, resources } = await exportOf(`Group/${clinician.seqManager}/$export`, token);
    expect(manifest).toMatchObject({
      request: `${base}/Group/${clinician.seqManager}/$export`,
      requiresAccessToken: true,
      error: [],
    });
    expect(manifest.transactionTime).toBe(new Date(t.clock().getTime() - fhirExportRules.commitMarginMs).toISOString());
    expect(manifest.output.map((file) => file.type)).toEqual([
      'Patient',
      'Practitioner',
      'Device',
      'Observation',
      'ServiceRequest',
      'Appointment',
      'Questionnaire',
      'QuestionnaireResponse',
      'Communication',
      'DocumentReference',
      'Condition',
    ]);
    expect(resources.filter((resource) => resource.resourceType === 'Condition')).toEqual([
      expect.objectContaining({ code: { text: 'Total knee arthroplasty' } }),
    ]);
    expect(idsOf(resources, 'Questionnaire')).toEqual(['psfs', 'lefs', 'koos-jr', 'hoos-jr']);
    expect(idsOf(resources, 'Patient')).toEqual([String(seqMedicalRelation), String(secondRelation)]);
    expect(idsOf(resources, 'Practitioner')).toEqual([String(clinician.seqManager)]);
    expect(JSON.stringify(resources)).not.toContain(`Patient/${otherRelation}"`);

    const observations = resources.filter(
      (resource): resource is Observation => resource.resourceType === 'Observation' && resource.id!.startsWith('rom-'),
    );
    expect(observations).toHaveLength(6);
    // The response's score, after the angles.
    const [response] = idsOf(resources, 'QuestionnaireResponse');
    expect(idsOf(resources, 'Observation').at(-1)).toBe(`score-${response}`);
    const statistic = await asClinician(getRomStatistics, {
      seqMedicalRelation,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    const perDay = new Map<string, { min: number; max: number }>();
    for (const observation of observations) {
      const day = observation.effectivePeriod!.start!.slice(0, 10);
      const angles = perDay.get(day) ?? { min: Infinity, max: -Infinity };
      const value = observation.valueQuantity!.value!;
      if (observation.id!.endsWith('-min')) angles.min = Math.min(angles.min, value);
      else angles.max = Math.max(angles.max, value);
      perDay.set(day, angles);
    }
    expect([...perDay].map(([day, { min, max }]) => [day, min, max])).toEqual(
      statistic.success.days.map((day) => [day.date, day.minAngle, day.maxAngle]),
    );

    // The kick-off and each file read are audited with the system's name.
    const audits = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'fhir_export'), eq(auditEvent.seqUser, clinician.seqUser)));
    // One row per patient record the export read, and one per file read.
    expect(
      audits.filter((audit) => audit.seqMedicalRelation !== null).map((audit) => audit.seqMedicalRelation),
    ).toEqual([seqMedicalRelation, secondRelation]);
    expect(audits).toHaveLength(2 + manifest.output.length);
    expect(audits.every((audit) => audit.clientName === 'Regional health record')).toBe(true);

    // The files are the caller's: no token, the clinician's session or another clinician read none of them.
    const [file] = manifest.output;
    expect((await fhirCall('GET', file!.url, undefined)).statusCode).toBe(401);
    expect((await fhirCall('GET', file!.url, other.tokens.accessToken)).statusCode).toBe(404);
    expect((await fhirCall('GET', file!.url, clinician.tokens.accessToken)).statusCode).toBe(404);

    // Deleted once their time is up.
    t.clock.advance(fhirExportRules.keptMs + 1_000);
    await t.app.jobs.tick();
    await relogin(t.app, clinician);
    const fresh = await systemToken();
    expect((await fhirCall('GET', file!.url, fresh)).statusCode).toBe(404);
    expect(exportedFiles(file!.url.split('/').at(-2)!)).toEqual([]);
  });

  it('holds _type and _since, posted as Parameters, from the clinician’s own session', async () => {
    const since = t.clock().toISOString();
    t.clock.advance(60_000);
    await relogin(t.app, member);
    await callApi(
      t.app,
      uploadExerciseRecords,
      { records: [deviceSession(seqExercise, 'export-late', '2026-11-25T08:00:00Z', { iuppiterUsageMaxAngle: 99 })] },
      { token: member.tokens.accessToken },
    );
    const { manifest, resources } = await exportOf('Patient/$export', clinician.tokens.accessToken, {
      resourceType: 'Parameters',
      parameter: [
        { name: '_type', valueString: 'Observation,Patient' },
        { name: '_since', valueInstant: since },
        { name: '_outputFormat', valueString: 'application/fhir+ndjson' },
      ],
    });
    // No patient record changed since; only the late session's two angles did.
    expect(manifest.output.map((file) => [file.type, file.count])).toEqual([['Observation', 2]]);
    expect(resources.map((resource) => (resource as Observation).valueQuantity?.value)).toEqual([12.5, 99]);

    const byQuery = await exportOf(
      `Patient/$export?_type=Appointment&_since=${encodeURIComponent(since)}`,
      clinician.tokens.accessToken,
    );
    expect(byQuery.manifest.output).toEqual([]);
  });

  it('cancels an export: its status is gone and no file of it is left', async () => {
    const token = await systemToken();
    const started = await fhirCall('GET', `Group/${clinician.seqManager}/$export`, token);
    const status = started.headers['content-location'] as string;
    const cancelled = await fhirCall('DELETE', status, token);
    expect(cancelled.statusCode).toBe(202);
    expect((await fhirCall('GET', status, token)).statusCode).toBe(404);
    expect((await fhirCall('DELETE', status, token)).statusCode).toBe(404);
    // Exports run in turn: once a later one is done, the cancelled one's run has ended.
    await exportOf('Patient/$export?_type=Practitioner', token);
    expect(exportedFiles(status.split('/').at(-1)!)).toEqual([]);
  });

  it('refuses a kick-off it cannot serve, a scope that does not cover the type, another clinician’s group and an expired token', async () => {
    const token = await systemToken();
    const refusals: [string, number, { prefer?: string | null; body?: unknown }?][] = [
      [`Group/${clinician.seqManager}/$export`, 400, { prefer: null }],
      ['Patient/$export?_typeFilter=Observation%3Fcode%3D1', 400],
      ['Patient/$export?_type=Medication', 400],
      ['Patient/$export?_outputFormat=text/csv', 400],
      ['Patient/$export?_since=2026-11-20', 400],
      ['Patient/$export?_since=2099-01-01T00:00:00Z', 400],
      ['Patient/$export', 400, { body: { resourceType: 'Patient' } }],
      [`Group/${other.seqManager}/$export`, 404],
      ['Group/x/$export', 404],
    ];
    // Two exports waiting or running at once are the most a caller may have.
    const busy = [randomUUID(), randomUUID()];
    await t.app.db.insert(fhirExport).values(
      busy.map((id) => ({
        id,
        seqManager: clinician.seqManager,
        request: `${base}/Patient/$export`,
        types: ['Patient'],
        status: 'running' as const,
        runId: randomUUID(),
        createdAt: t.clock(),
        heartbeatAt: sql`now()`,
      })),
    );
    const throttled = await fhirCall('GET', 'Patient/$export', clinician.tokens.accessToken);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<OperationOutcome>().issue[0]?.code).toBe('throttled');
    await t.app.db.delete(fhirExport).where(inArray(fhirExport.id, busy));

    for (const [url, code, options] of refusals) {
      const refused = await fhirCall(options?.body === undefined ? 'GET' : 'POST', url, token, options);
      expect(refused.statusCode, url).toBe(code);
      expectValidFhir(refused.json<OperationOutcome>());
    }

    const patientsOnly = await systemToken('system/Patient.rs');
    expect((await fhirCall('GET', 'Patient/$export?_type=Observation', patientsOnly)).statusCode).toBe(403);
    const [denied] = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'fhir_export'), eq(auditEvent.outcome, 'denied')))
      .orderBy(desc(auditEvent.id))
      .limit(1);
    expect(denied).toMatchObject({ seqUser: clinician.seqUser, clientName: 'Regional health record' });
    // With no _type, the types its scopes cover.
    const covered = await exportOf('Patient/$export', patientsOnly);
    expect(covered.manifest.output.map((file) => file.type)).toEqual(['Patient']);
    // Its status is for it alone.
    expect((await fhirCall('GET', covered.status, other.tokens.accessToken)).statusCode).toBe(404);
    expect((await fhirCall('GET', covered.status, token)).statusCode).toBe(404);

    t.clock.advance(301_000);
    const expired = await fhirCall('GET', 'Patient/$export', token);
    expect(expired.statusCode).toBe(401);
    expect((await fhirCall('GET', covered.status, patientsOnly)).statusCode).toBe(401);
  });

  it('reads in batches and splits files without skipping or repeating a resource', async () => {
    const whole = await exportOf('Patient/$export', clinician.tokens.accessToken);
    const rules = { ...fhirExportRules };
    Object.assign(fhirExportRules, { batchRows: 1, resourcesPerFile: 2 });
    try {
      const split = await exportOf('Patient/$export', clinician.tokens.accessToken);
      expect(split.manifest.output.every((file) => file.count <= 2)).toBe(true);
      expect(split.manifest.output.length).toBeGreaterThan(whole.manifest.output.length);
      expect(split.resources).toEqual(whole.resources);
    } finally {
      Object.assign(fhirExportRules, rules);
    }
  });

  it('takes up an export whose run stopped beating, and drops the exports of a revoked system', async () => {
    const stale = randomUUID();
    await t.app.db.insert(fhirExport).values({
      id: stale,
      seqManager: clinician.seqManager,
      request: `${base}/Patient/$export`,
      types: ['Practitioner'],
      status: 'running',
      runId: randomUUID(),
      files: [{ type: 'Practitioner', count: 1, storageKey: `fhir-exports/${stale}-old-0.ndjson` }],
      createdAt: t.clock(),
      heartbeatAt: sql`now() - interval '5 minutes'`,
    });
    await mkdir(join(t.dataDir, 'uploads', 'fhir-exports'), { recursive: true });
    await writeFile(join(t.dataDir, 'uploads', 'fhir-exports', `${stale}-old-0.ndjson`), '{}\n');
    await t.app.jobs.tick();
    const status = `${base}/$export-status/${stale}`;
    const done = await vi.waitFor(
      async () => {
        const polled = await fhirCall('GET', status, clinician.tokens.accessToken);
        expect(polled.statusCode).toBe(200);
        return polled.json<Manifest>();
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(done.output.map((file) => file.count)).toEqual([1]);
    expect(exportedFiles(stale)).toHaveLength(1);
    expect(exportedFiles(stale)[0]).not.toContain('-old-');

    const { clientId, token } = await systemClient();
    const exported = await exportOf('Patient/$export?_type=Patient', token);
    expect((await asClinician(revokeFhirClient, { clientId })).status).toBe(200);
    await t.app.jobs.tick();
    expect(exportedFiles(exported.status.split('/').at(-1)!)).toEqual([]);
  });
});
