import { randomUUID } from 'node:crypto';
import {
  addClinicAssignedExercise,
  addManagerNote,
  appendPatientStatus,
  addQuestionnaireSchedule,
  lefs,
  removeManagerNote,
  removePatientStatus,
  sendMessage,
  completeSchedule,
  createMeeting,
  createSchedule,
  joinMeeting,
  getRomStatistics,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import type {
  Bundle,
  CapabilityStatement,
  Condition,
  DocumentReference,
  Observation,
  OperationOutcome,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { admitToCall, registerMember } from '../../../test/realtime.ts';
import { auditEvent } from '../../db/schema.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let seqMedicalRelation: number;
let otherRelation: number;

const base = 'http://localhost:3000/fhir/R4';

const asClinician = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, who = clinician) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });

const travelTo = async (iso: string) => {
  t.clock.advance(Date.parse(iso) - t.clock().getTime());
  for (const who of [clinician, other, member]) await relogin(t.app, who);
};

/** A GET of the FHIR API, as the clinician unless told otherwise; the body parsed. */
async function fhirGet<T extends Resource>(path: string, who: typeof clinician | null = clinician) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/fhir/R4/${path}`,
    headers: { ...(who && { authorization: `Bearer ${who.tokens.accessToken}` }), 'accept-language': 'en' },
  });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json<T>() };
}

/** Every resource of a search, its pages followed through their `next` links. */
async function searchAll(path: string): Promise<Resource[]> {
  const resources: Resource[] = [];
  let next: string | undefined = path;
  while (next) {
    const page: { status: number; body: Bundle } = await fhirGet<Bundle>(next);
    expect(page.status).toBe(200);
    expectValidFhir(page.body);
    for (const { resource } of page.body.entry ?? []) {
      expectValidFhir(resource!, resource!.resourceType === 'Patient' ? usCorePatient : undefined);
      resources.push(resource!);
    }
    next = page.body.link?.find((link) => link.relation === 'next')?.url?.slice(`${base}/`.length);
  }
  return resources;
}

const enrol = (who: typeof clinician, patient: typeof member): Promise<number> =>
  registerMember(t.app, who.tokens.accessToken, patient.tokens.accessToken, 2);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  seqMedicalRelation = await enrol(clinician, member);
  otherRelation = await enrol(other, await verifiedPatient(t.app, t.mail));
  const seqExercise = (await asClinician(addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram }))
    .success.exercise.seqExercise;
  t.clock.advance(3 * 86_400_000);
  // Right knee active (0) and passive (1) sessions, and one of the left knee, over two days.
  const sessions = [
    deviceSession(seqExercise, 'fhir-rom-1', '2026-11-23T08:00:00Z', {
      iuppiterUsageMinAngle: 14,
      iuppiterUsageMaxAngle: 80,
    }),
    deviceSession(seqExercise, 'fhir-rom-2', '2026-11-23T18:00:00Z', {
      iuppiterUsageMinAngle: 11.5,
      iuppiterUsageMaxAngle: 86,
    }),
    deviceSession(seqExercise, 'fhir-rom-3', '2026-11-24T09:00:00Z', {
      iuppiterUsageMinAngle: 9,
      iuppiterUsageMaxAngle: 91,
      exerciseGuideMode: 1,
      iuppiterUsageMode: 1,
    }),
    deviceSession(seqExercise, 'fhir-rom-4', '2026-11-24T10:00:00Z', {
      iuppiterUsageMinAngle: 20,
      iuppiterUsageMaxAngle: 70,
      exerciseGuideDirection: 1,
    }),
  ];
  await relogin(t.app, member);
  const uploaded = await callApi(
    t.app,
    uploadExerciseRecords,
    { records: sessions },
    { token: member.tokens.accessToken },
  );
  expect(uploaded.reply).toMatchObject({ accepted: 4 });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [clinician, other]) await relogin(t.app, who);
});

describe('the FHIR R4 API', () => {
  it('says what it serves in a CapabilityStatement, and refuses a caller who is not signed in', async () => {
    const metadata = await fhirGet<CapabilityStatement>('metadata', null);
    expect(metadata.status).toBe(200);
    expect(metadata.type).toBe('application/fhir+json; charset=utf-8');
    expectValidFhir(metadata.body);
    expect(metadata.body.rest?.[0]?.resource?.map((resource) => resource.type)).toEqual([
      'Patient',
      'Practitioner',
      'Device',
      'Observation',
      'ServiceRequest',
      'Appointment',
      'Encounter',
      'Questionnaire',
      'QuestionnaireResponse',
      'Communication',
      'DocumentReference',
      'Condition',
      'Group',
    ]);
    // Bulk Data export of the clinician's patients, as a group or as all patients.
    const exports = metadata.body.rest?.[0]?.resource?.flatMap((resource) =>
      (resource.operation ?? []).map((operation) => [resource.type, operation.definition]),
    );
    expect(exports).toEqual([
      ['Patient', 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export'],
      ['Group', 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export'],
    ]);
    const observation = metadata.body.rest?.[0]?.resource?.find((resource) => resource.type === 'Observation');
    expect(observation?.searchParam?.map((parameter) => parameter.name)).toContain('date');

    const anonymous = await fhirGet<OperationOutcome>(`Patient/${seqMedicalRelation}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.type).toBe('application/fhir+json; charset=utf-8');
    expectValidFhir(anonymous.body);
    expect(anonymous.body.issue[0]?.code).toBe('login');
  });

  it('reads a patient as US Core, by the id of the clinician’s record, and another clinician’s as missing', async () => {
    const read = await fhirGet<Patient>(`Patient/${seqMedicalRelation}`);
    expect(read.status).toBe(200);
    expectValidFhir(read.body, usCorePatient);
    expect(read.body).toMatchObject({
      id: String(seqMedicalRelation),
      identifier: [{ system: `${base}/sid/patient`, value: String(seqMedicalRelation) }],
      generalPractitioner: [{ reference: `Practitioner/${clinician.seqManager}` }],
    });
    expect(read.body.birthDate).toBe('1960-04-02');
    expect(read.body.gender).toBe('female');

    for (const missing of [
      `Patient/${otherRelation}`,
      'Patient/999999',
      'Patient/abc',
      `Practitioner/${other.seqManager}`,
    ]) {
      const refused = await fhirGet<OperationOutcome>(missing);
      expect(refused.status, missing).toBe(404);
      expectValidFhir(refused.body);
      expect(refused.body.issue[0]?.code).toBe('not-found');
    }
    const practitioner = await fhirGet(`Practitioner/${clinician.seqManager}`);
    expect(practitioner.status).toBe(200);
    expectValidFhir(practitioner.body);
    expect(practitioner.body).toMatchObject({ identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi' }] });

    // Every read is on the audit trail, a refused one as denied.
    const audits = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(like(auditEvent.entity, 'fhir_%'), eq(auditEvent.seqUser, clinician.seqUser)));
    expect(audits.map((row) => [row.entity, row.outcome, row.seqMedicalRelation])).toEqual(
      expect.arrayContaining([
        ['fhir_patient', 'success', seqMedicalRelation],
        ['fhir_patient', 'denied', null],
      ]),
    );
  });

  it('searches the clinician’s patients a page at a time, never another’s', async () => {
    const second = await enrol(clinician, await verifiedPatient(t.app, t.mail));
    const patients = await searchAll('Patient?_count=1');
    expect(patients.map((patient) => patient.id)).toEqual([String(seqMedicalRelation), String(second)]);
    for (const patient of patients) expectValidFhir(patient, usCorePatient);
    const one = await fhirGet<Bundle>(`Patient?_id=${otherRelation}`);
    expect(one.body).toMatchObject({ total: 0 });
    // A name matches from the start of any of its words.
    expect((await searchAll('Patient?name=mem')).map((patient) => patient.id)).toEqual(
      patients.map((patient) => patient.id),
    );
    expect(await searchAll('Patient?name=emb')).toEqual([]);
  });

  it('gives each session’s smallest and largest angle as observations with the numbers of the ROM statistic', async () => {
    const observations = (await searchAll(
      `Observation?patient=Patient/${seqMedicalRelation}&_count=3`,
    )) as Observation[];
    expect(observations).toHaveLength(8);
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
    expect(statistic.success.days.map((day) => [day.date, day.minAngle, day.maxAngle])).toEqual(
      [...perDay].map(([day, { min, max }]) => [day, min, max]),
    );

    const [first] = observations;
    expect(first).toMatchObject({
      status: 'final',
      category: [{ coding: [{ code: 'exam' }] }],
      code: {
        coding: [
          { system: `${base}/CodeSystem/rom`, code: 'knee-min-active' },
          { system: 'http://loinc.org', code: '41349-2' },
        ],
      },
      subject: { reference: `Patient/${seqMedicalRelation}` },
      valueQuantity: { value: 14, unit: 'deg', system: 'http://unitsofmeasure.org', code: 'deg' },
      bodySite: { coding: [{ system: 'http://snomed.info/sct', code: '49076000:272741003=24028007' }] },
      effectivePeriod: { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T08:20:00.000Z' },
      device: { reference: `Device/pro-${seqMedicalRelation}` },
    });
    const device = await fhirGet(first!.device!.reference!);
    expect(device.status).toBe(200);
    expectValidFhir(device.body);
    const again = await fhirGet<Observation>(`Observation/${first!.id}`);
    expect(again.body).toEqual(first);
  });

  it('searches observations by code, date and category, and refuses what it cannot search', async () => {
    const ids = async (query: string) =>
      (await searchAll(`Observation?patient=${seqMedicalRelation}&${query}`)).map((resource) => resource.id);
    // The right knee's extension in active motion: the two active sessions of the right side.
    expect(await ids('code=http://loinc.org|41349-2')).toHaveLength(2);
    expect(await ids('code=41345-0')).toHaveLength(1);
    expect(await ids(`code=${base}/CodeSystem/rom|knee-max-passive`)).toHaveLength(1);
    expect(await ids('code=http://loinc.org|41349-2,41345-0')).toHaveLength(3);
    expect(await ids('code=http://loinc.org|0000-0')).toEqual([]);
    expect(await ids('date=2026-11-23')).toHaveLength(4);
    expect(await ids('date=ge2026-11-24&date=lt2026-11-24T09:30:00Z')).toHaveLength(2);
    expect(await ids('date=gt2026-11-23')).toHaveLength(4);
    expect(await ids('date=le2026-11')).toHaveLength(8);
    expect(await ids('date=ne2026-11-23')).toHaveLength(4);
    expect(await ids('category=exam')).toHaveLength(8);
    expect(await ids('category=laboratory')).toEqual([]);
    // Another clinician finds nothing of this patient.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Observation?patient=${seqMedicalRelation}`,
      headers: { authorization: `Bearer ${other.tokens.accessToken}` },
    });
    expect(foreign.json()).toMatchObject({ total: 0 });

    // Dates at any precision and zone: an instant an hour ahead of UTC on the 1st is the last day of the month before.
    expect(await ids('date=lt2026-11-24T00:30:00%2B01:00')).toHaveLength(4);
    expect(await ids('date=ge0050-01-01&date=lt9998')).toHaveLength(8);
    expect(await ids('date=lt0050')).toEqual([]);
    for (const bad of [
      'Observation?date=9999',
      'Observation?date=0000-01-01T00:00:00Z',
      'Observation?date=2026-02-30',
      `Observation?patient=${seqMedicalRelation}&subject=${seqMedicalRelation}`,
      'Observation?colour=red',
      'Observation?date=2026-13-01',
      'Observation?_count=5000',
      'Patient?_format=xml',
    ]) {
      const refused = await fhirGet<OperationOutcome>(bad);
      expect(refused.status, bad).toBe(400);
      expectValidFhir(refused.body);
    }
    expect((await fhirGet<OperationOutcome>('Medication/1')).status).toBe(404);
  });

  it('gives prescriptions as ServiceRequests, visits as Appointments and a held video visit as an Encounter', async () => {
    const [prescription] = await searchAll(`ServiceRequest?patient=Patient/${seqMedicalRelation}`);
    expect(prescription).toMatchObject({
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: `Patient/${seqMedicalRelation}` },
      requester: { reference: `Practitioner/${clinician.seqManager}` },
      occurrenceTiming: { repeat: { period: 1, periodUnit: 'd' } },
    });

    const book = async (start: string) =>
      (
        await asClinician(createSchedule, {
          seqMedicalRelation,
          scheduleExpectStartDatetime: start,
          scheduleExpectProgressTime: '00:30:00',
        })
      ).success.schedule.seqSchedule;
    const held = await book('2026-11-25T10:00:00Z');
    const later = await book('2026-11-27T10:00:00Z');
    await travelTo('2026-11-25T09:46:00Z');
    const meetingId = (await asClinician(createMeeting, { seqSchedule: held })).success.Meeting.MeetingId;
    await admitToCall(
      { seqSchedule: held, meetingId },
      { app: t.app, token: member.tokens.accessToken },
      { app: t.app, token: clinician.tokens.accessToken },
    );
    expect(
      (await callApi(t.app, joinMeeting, { seqSchedule: held }, { token: member.tokens.accessToken })).status,
    ).toBe(200);
    await travelTo('2026-11-25T10:20:00Z');
    const done = await asClinician(completeSchedule, {
      seqSchedule: held,
      meetingId,
      startDatetime: '2026-11-25T09:46:10Z',
      progressTime: '00:25:30',
    });
    expect(done.status).toBe(200);

    const appointments = await searchAll(`Appointment?patient=${seqMedicalRelation}`);
    expect(appointments.map((appointment) => [appointment.id, (appointment as { status: string }).status])).toEqual([
      [String(held), 'fulfilled'],
      [String(later), 'booked'],
    ]);
    expect(await searchAll('Appointment?date=ge2026-11-26')).toHaveLength(1);
    const encounters = await searchAll(`Encounter?patient=Patient/${seqMedicalRelation}`);
    expect(encounters).toEqual([
      expect.objectContaining({
        id: String(held),
        status: 'finished',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' },
        period: { start: '2026-11-25T09:46:10.000Z', end: '2026-11-25T10:11:40.000Z' },
        appointment: [{ reference: `Appointment/${held}` }],
      }),
    ]);
    // A visit not held is no Encounter; another clinician reads none of them.
    expect((await fhirGet(`Encounter/${later}`)).status).toBe(404);
    for (const path of [`Appointment/${held}`, `Encounter/${held}`, `ServiceRequest/${prescription!.id}`]) {
      expect((await fhirGet(path)).status, path).toBe(200);
      expect((await fhirGet(path, other)).status, path).toBe(404);
    }
  });

  it('gives the questionnaires, the patient’s responses and the record’s messages', async () => {
    const sent = await asClinician(addQuestionnaireSchedule, {
      seqMedicalRelation,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'once' },
    });
    expect(sent.status).toBe(200);
    await relogin(t.app, member);
    await answerDueLefs(t.app, member.tokens.accessToken, t.clock(), 3);
    expect(
      (await asClinician(sendMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text: 'How is the knee?' }))
        .status,
    ).toBe(200);

    const [response] = await searchAll(`QuestionnaireResponse?patient=${seqMedicalRelation}`);
    expect(response).toMatchObject({
      status: 'completed',
      questionnaire: `${lefs.questionnaire.url}|${lefs.questionnaire.version}`,
      subject: { reference: `Patient/${seqMedicalRelation}` },
      author: { reference: `Patient/${seqMedicalRelation}` },
    });
    // Its score as a survey observation, after the sessions' angles in the patient's observations.
    const [score] = await searchAll(`Observation?patient=${seqMedicalRelation}&category=survey`);
    expect(score).toMatchObject({
      id: `score-${response!.id}`,
      status: 'final',
      code: { coding: [{ system: `${base}/CodeSystem/score`, code: 'lefs' }] },
      valueQuantity: { value: 60 },
      derivedFrom: [{ reference: `QuestionnaireResponse/${response!.id}` }],
    });
    const all = await searchAll(`Observation?patient=${seqMedicalRelation}&_count=5`);
    expect(all.at(-1)).toEqual(score);
    expect(all.slice(0, -1).every((observation) => observation.id!.startsWith('rom-'))).toBe(true);
    expect((await searchAll(`Observation?code=lefs`)).map((observation) => observation.id)).toEqual([score!.id]);
    expect((await searchAll(`Observation?category=exam&code=lefs`)).length).toBe(0);
    expect((await fhirGet(`Observation/${score!.id}`)).body).toEqual(score);
    expect((await fhirGet(`Observation/${score!.id}`, other)).status).toBe(404);
    const questionnaire = await fhirGet('Questionnaire/lefs');
    expect(questionnaire.status).toBe(200);
    expectValidFhir(questionnaire.body);
    expect(
      (await searchAll(`Questionnaire?url=${encodeURIComponent(lefs.questionnaire.url)}`)).map((found) => found.id),
    ).toEqual(['lefs']);
    const [communication] = await searchAll(`Communication?patient=Patient/${seqMedicalRelation}`);
    expect(communication).toMatchObject({
      status: 'completed',
      sender: { reference: `Practitioner/${clinician.seqManager}` },
      recipient: [{ reference: `Patient/${seqMedicalRelation}` }],
      payload: [{ contentString: 'How is the knee?' }],
    });
    for (const path of [`QuestionnaireResponse/${response!.id}`, `Communication/${communication!.id}`]) {
      expect((await fhirGet(path)).status, path).toBe(200);
      expect((await fhirGet(path, other)).status, path).toBe(404);
    }
  });

  it('gives the clinician’s notes as DocumentReferences with their text, a removed one without it', async () => {
    const kept = await asClinician(addManagerNote, {
      seqMedicalRelation,
      noteTitle: 'Week 2',
      noteContent: 'Knee flexion improving; keep the program.',
      isImportant: false,
      isPublic: false,
    });
    const removed = await asClinician(addManagerNote, {
      seqMedicalRelation,
      noteTitle: 'Draft',
      noteContent: 'Written by mistake.',
      isImportant: false,
      isPublic: true,
    });
    await asClinician(removeManagerNote, { seqManagerNote: removed.success.note.seqManagerNote });
    const documents = (await searchAll(`DocumentReference?patient=${seqMedicalRelation}`)) as DocumentReference[];
    expect(documents.map((document) => [document.id, document.status])).toEqual([
      [`note-${kept.success.note.seqManagerNote}`, 'current'],
      [`note-${removed.success.note.seqManagerNote}`, 'entered-in-error'],
    ]);
    const [note, gone] = documents;
    expect(Buffer.from(note!.content[0]!.attachment.data!, 'base64').toString()).toBe(
      'Knee flexion improving; keep the program.',
    );
    expect(note!.securityLabel?.[0]?.coding?.[0]?.code).toBe('R');
    expect(gone!.content[0]!.attachment.data).toBeUndefined();
    expect((await fhirGet(`DocumentReference/${note!.id}`)).body).toEqual(note);
    expect((await fhirGet(`DocumentReference/${note!.id}`, other)).status).toBe(404);
    expect((await fhirGet(`DocumentReference/${kept.success.note.seqManagerNote}`)).status).toBe(404);
  });

  it('gives the diagnoses of the newest condition entry as Conditions', async () => {
    const append = async (status: RequestOf<typeof appendPatientStatus>['status']) =>
      (await asClinician(appendPatientStatus, { seqMedicalRelation, status })).success.status.seqPatientStatus;
    const earlier = await append({ primaryDiagnosis: 'Knee osteoarthritis' });
    t.clock.advance(60_000);
    const newest = await append({
      primaryDiagnosis: 'Total knee arthroplasty, right',
      secondaryDiagnosis: 'Hypertension',
      onsetDate: '2026-10-02',
    });
    const conditions = (await searchAll(`Condition?patient=${seqMedicalRelation}`)) as Condition[];
    expect(conditions.map((condition) => [condition.id, condition.code?.text, condition.onsetDateTime])).toEqual([
      [`${newest}-primary`, 'Total knee arthroplasty, right', '2026-10-02'],
      [`${newest}-secondary`, 'Hypertension', '2026-10-02'],
    ]);
    expect((await fhirGet(`Condition/${newest}-secondary`)).body).toEqual(conditions[1]);
    expect((await fhirGet(`Condition/${newest}-secondary`, other)).status).toBe(404);
    // Once removed, the entry before it is the record's condition.
    await asClinician(removePatientStatus, { seqPatientStatus: newest });
    expect((await searchAll(`Condition?patient=${seqMedicalRelation}`)).map((condition) => condition.id)).toEqual([
      `${earlier}-primary`,
    ]);
  });
});
