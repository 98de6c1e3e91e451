import {
  FailedCode,
  rules,
  translate,
  uploadSingle,
  type RequestOf,
  addManagerNote,
  addPatient,
  addPatientNoAuth,
  appendPatientStatus,
  changeActivationStatus,
  getMedicalRecord,
  getMyPatients,
  getPatientDetail,
  getPatientStatusList,
  isPatientSyncAuthCodeValid,
  issueSyncAuthCode,
  listCategories,
  listManagerNotes,
  login,
  markManagerNoteImportant,
  modifyManagerNote,
  removeCategory,
  removeManagerNote,
  removePatientStatus,
  saveCategory,
  setPatientCategories,
  updatePatientInfo,
  type Endpoint,
} from '@clinic/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  onePixelPng,
  password,
  relogin,
  uploadFile,
  verifiedClinician,
  verifiedPatient,
  invalid,
  callApi,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { auditEvent, medicalRelation } from '../../db/schema.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof verifiedClinician>>;
let second: Awaited<ReturnType<typeof verifiedClinician>>;
beforeAll(async () => {
  t = await createTestApp();
  first = await verifiedClinician(t.app, t.mail);
  second = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());
// Tests move the clock past the access-token lifetime: each starts with fresh sessions.
beforeEach(async () => {
  for (const who of [first, second]) await relogin(t.app, who);
});

type Json = Record<string, unknown>;
const as = (who: { tokens: { accessToken: string } }) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken }),
});
type Profile = RequestOf<typeof addPatientNoAuth>;
const profile = (overrides: Partial<Profile> = {}): Profile => ({
  patientName: 'Jordan Park',
  patientEmail: '',
  patientInfoBirth: '1958-06-15',
  patientInfoGender: 'M',
  heightCm: 172.5,
  weightKg: 70,
  deviceType: 2,
  ...overrides,
});

async function addOfflinePatient(who: typeof first, overrides: Partial<Profile> = {}): Promise<number> {
  return (await as(who).call(addPatientNoAuth, profile(overrides))).success.seqMedicalRelation;
}

async function auditCount(seqMedicalRelation: number): Promise<number> {
  const rows = await t.app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditEvent)
    .where(sql`${auditEvent.seqMedicalRelation} = ${seqMedicalRelation}`);
  return rows[0]?.count ?? 0;
}

describe('registration', () => {
  it('registers a patient without an app account and lists them with their age in the caller time zone', async () => {
    const id = await addOfflinePatient(first, { patientEmail: 'Jordan.Park@Example.com' });
    const list = await as(first).call(getMyPatients, {});
    const reply = list.success;
    expect(reply.activeLimit).toBe(rules.freePatientLimit);
    const row = reply.patientList.find((patient) => patient.seqMedicalRelation === id);
    expect(row).toMatchObject({
      patientName: 'Jordan Park',
      patientEmail: 'jordan.park@example.com',
      deviceType: 2,
      isEnabled: true,
      isAppMember: false,
      patientAge: 68,
      reservedSchedules: [],
    });
  });

  it('lists only what the list shows, ages on the day of the caller time zone, and audits the read once', async () => {
    const id = await addOfflinePatient(first, { patientInfoBirth: '1960-11-22', patientEmail: 'birthday@example.com' });
    const listIn = async (timeZone: string) =>
      (
        await callApi(
          t.app,
          getMyPatients,
          {},
          {
            token: first.tokens.accessToken,
            timeZone,
          },
        )
      ).success.patientList;
    const listReads = () =>
      t.app.db
        .select()
        .from(auditEvent)
        .where(sql`${auditEvent.entity} = 'patient_list' and ${auditEvent.seqUser} = ${first.seqUser}`);
    const readsBefore = (await listReads()).length;
    // 09:00 UTC on 22 November is still the 21st in Pago Pago, and already the 22nd in Kiritimati.
    const before = await listIn('Pacific/Pago_Pago');
    const row = before.find((patient) => patient.seqMedicalRelation === id);
    expect(row?.patientAge).toBe(65);
    expect((await listIn('Pacific/Kiritimati')).find((patient) => patient.seqMedicalRelation === id)?.patientAge).toBe(
      66,
    );
    const [stored] = await t.app.db
      .select({ createdAt: medicalRelation.createdAt })
      .from(medicalRelation)
      .where(sql`${medicalRelation.seqMedicalRelation} = ${id}`);
    expect(Object.keys(row ?? {}).sort()).toEqual([
      'categoryIds',
      'createdAt',
      'deviceType',
      'isAppMember',
      'isEnabled',
      'patientAge',
      'patientEmail',
      'patientName',
      'primaryDiagnosis',
      'reservedSchedules',
      'seqMedicalRelation',
    ]);
    expect(row?.createdAt).toBe(stored?.createdAt.toISOString());
    const reads = (await listReads()).slice(readsBefore);
    expect(reads.map((read) => [read.action, read.entityId, read.seqManager !== null])).toEqual([
      ['read', String(before.length), true],
      ['read', String(before.length), true],
    ]);
  });

  it('applies the rules of SPEC 5 and stores nothing when one is broken', async () => {
    const before = (await as(first).call(getMyPatients, {})).success.patientList.length;
    const cases: [Json, string, string][] = [
      [{ patientName: '' }, 'patientName', 'validation.required'],
      [{ patientInfoBirth: '2999-01-01' }, 'patientInfoBirth', 'validation.birth_date_range'],
      [{ patientInfoBirth: '1990-02-30' }, 'patientInfoBirth', 'validation.date_format'],
      [{ heightCm: 0 }, 'heightCm', 'validation.positive'],
      [{ weightKg: -3 }, 'weightKg', 'validation.positive'],
      [{ deviceType: 3 }, 'deviceType', 'validation.device_type'],
      [{ patientEmail: 'not-an-address' }, 'patientEmail', 'account.email_form_mismatch'],
      [{ patientEmail: first.body.userEmail }, 'patientEmail', 'account.email_already_exist'],
    ];
    for (const [overrides, path, code] of cases) {
      const reply = await as(first).call(addPatientNoAuth, profile(overrides));
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(reply.error.fields?.[0]).toMatchObject({ path, code });
    }
    await addOfflinePatient(first, { patientEmail: 'same.person@example.com' });
    const duplicate = await as(first).call(addPatientNoAuth, profile({ patientEmail: 'same.person@example.com' }));
    expect(duplicate.error.fields?.[0]).toMatchObject({ code: 'account.email_already_exist' });
    const after = (await as(first).call(getMyPatients, {})).success.patientList.length;
    expect(after).toBe(before + 1);
  });

  it('links an app member with the sync code of their app, once', async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const issue = () =>
      callApi(t.app, issueSyncAuthCode, {}, { token: member.tokens.accessToken }).then(
        (reply) => reply.success.patientSyncAuthCode,
      );
    const code = await issue();
    expect(code).toMatch(/^\d{6}$/);
    // A clinician token cannot issue a patient's code.
    expect((await as(first).call(issueSyncAuthCode, {})).status).toBe(403);

    const preview = await as(first).call(isPatientSyncAuthCodeValid, { patientSyncAuthCode: code });
    expect(preview.reply).toMatchObject({
      isSuccess: true,
      patient: { patientName: 'Pat Member', patientInfoBirth: '1960-04-02' },
    });
    const added = await as(first).call(addPatient, {
      patientSyncAuthCode: code,
      heightCm: 160,
      weightKg: 55,
      deviceType: 1,
    });
    const { seqMedicalRelation } = added.success;
    expect(seqMedicalRelation).toBeGreaterThan(0);
    const detail = await as(first).call(getPatientDetail, { seqMedicalRelation });
    expect(detail.reply).toMatchObject({ patient: { isAppMember: true, patientName: 'Pat Member', deviceType: 1 } });

    const reused = await as(second).call(addPatient, {
      patientSyncAuthCode: code,
      heightCm: 160,
      weightKg: 55,
      deviceType: 1,
    });
    expect(reused.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.InvalidSyncCode });
    const again = await as(first).call(addPatient, {
      patientSyncAuthCode: await issue(),
      heightCm: 160,
      weightKg: 55,
      deviceType: 1,
    });
    expect(again.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.AlreadyLinked });

    const late = await issue();
    t.clock.advance((rules.syncCodeMinutes + 1) * 60_000);
    const relogin = await callApi(t.app, login, { userEmail: second.body.userEmail, userPassword: password });
    const token = relogin.success.token.accessToken;
    const expired = await callApi(t.app, isPatientSyncAuthCodeValid, { patientSyncAuthCode: late }, { token });
    expect(expired.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.InvalidSyncCode });
  });
});

describe('profile and image', () => {
  const upload = (
    who: typeof first,
    bytes: Buffer,
    folderPath: RequestOf<typeof uploadSingle>['folderPath'] = 'profile',
  ) => uploadFile(t.app, uploadSingle, who.tokens.accessToken, bytes, { folderPath });
  const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');

  it('uploads an image checked by its content and serves it only to its owner', async () => {
    const id = await addOfflinePatient(first);
    const uploaded = await upload(first, png);
    const { publicPath } = uploaded.success;
    expect(publicPath).toMatch(/^\/api\/storage\/file\/[0-9a-f-]{36}$/);
    const updated = await as(first).call(updatePatientInfo, {
      seqMedicalRelation: id,
      ...profile({ patientName: 'Jordan P. Park' }),
      imageUrl: publicPath,
    });
    expect(updated.reply).toMatchObject({ patient: { patientName: 'Jordan P. Park', imageUrl: publicPath } });

    const served = await t.app.inject({
      url: publicPath,
      headers: { authorization: `Bearer ${first.tokens.accessToken}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    const foreign = await t.app.inject({
      url: publicPath,
      headers: { authorization: `Bearer ${second.tokens.accessToken}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: publicPath })).statusCode).toBe(401);
    // Another clinician cannot attach it either.
    const other = await addOfflinePatient(second);
    const stolen = await as(second).call(updatePatientInfo, {
      seqMedicalRelation: other,
      ...profile(),
      imageUrl: publicPath,
    });
    expect(stolen.status).toBe(400);
  });

  it('answers an image path whose id is no upload id with a translated 400 and changes nothing', async () => {
    const id = await addOfflinePatient(first);
    const list = async () => (await as(first).call(getMyPatients, {})).text;
    const before = await list();
    const refused = await callApi(
      t.app,
      updatePatientInfo,
      {
        seqMedicalRelation: id,
        ...profile({ patientName: 'Changed Name' }),
        imageUrl: '/api/storage/file/0-d70c813-5a16c3454867b0-7c9d4624a35',
      },
      { token: first.tokens.accessToken, language: 'ko' },
    );
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      fields: [{ path: 'imageUrl', code: 'validation.invalid', message: translate('ko', 'validation.invalid') }],
    });
    expect(await list()).toBe(before);
  });

  it('refuses a file that is not an image whatever its name, and one that is too large', async () => {
    const html = await upload(first, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.UnsupportedFile });
    const huge = await upload(first, Buffer.concat([png, Buffer.alloc(rules.uploadMaxBytes)]));
    expect(huge.status).toBe(413);
    const folder = await upload(first, png, invalid('elsewhere'));
    expect(folder.status).toBe(400);
  });
});

describe('plan limit', () => {
  it('refuses the 31st active patient without a subscription, on record, and lets deactivation make room', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const ids: number[] = [];
    for (let i = 0; i < rules.freePatientLimit; i++)
      ids.push(await addOfflinePatient(clinician, { patientName: `Patient ${i}` }));
    const over = await as(clinician).call(addPatientNoAuth, profile());
    expect(over.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.PlanLimitReached });

    const deactivate = await as(clinician).call(changeActivationStatus, {
      seqMedicalRelation: ids[0]!,
      isEnabled: false,
    });
    expect(deactivate.reply).toEqual({ isSuccess: true });
    await addOfflinePatient(clinician);
    const reactivate = await as(clinician).call(changeActivationStatus, {
      seqMedicalRelation: ids[0]!,
      isEnabled: true,
    });
    expect(reactivate.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.PlanLimitReached });

    const refused = await t.app.db
      .select()
      .from(auditEvent)
      .where(sql`${auditEvent.seqUser} = ${clinician.seqUser} and ${auditEvent.outcome} = 'denied'`)
      .orderBy(auditEvent.id);
    expect(refused).toMatchObject([
      { action: 'create', entity: 'medical_relation', seqMedicalRelation: null },
      { action: 'update', entity: 'activation', seqMedicalRelation: ids[0] },
    ]);
  });
});

describe('condition history', () => {
  it('keeps dated entries, newest first, with the first and the latest for a report', async () => {
    const id = await addOfflinePatient(first);
    const append = (status: Json) => as(first).call(appendPatientStatus, { seqMedicalRelation: id, status });
    const one = await append({
      primaryDiagnosis: 'Ischemic stroke',
      onsetKind: 'stroke',
      onsetDate: '2026-01-04',
      mmt: '2+',
      mrs: '3',
      brainLesion: 7,
      joint: 3,
      infection: 0,
    });
    expect(one.reply).toMatchObject({ status: { primaryDiagnosis: 'Ischemic stroke', mmt: '2+', brainLesion: 7 } });
    t.clock.advance(60_000);
    await append({
      primaryDiagnosis: 'Ischemic stroke',
      mmt: '4-',
      mrs: '1',
      chiefComplaint: 'Knee stiffness in the morning',
    });
    const empty = await append({ medication: '' });
    expect(empty.status).toBe(400);
    expect((await append({ mmt: '6' })).status).toBe(400);

    const list = (await as(first).call(getPatientStatusList, { seqMedicalRelation: id })).success.statusList;
    expect(list.map((entry) => entry.mmt)).toEqual(['4-', '2+']);
    const detail = (await as(first).call(getPatientDetail, { seqMedicalRelation: id })).success;
    expect(detail.firstStatus?.mmt).toBe('2+');
    expect(detail.latestStatus?.mmt).toBe('4-');

    expect((await as(second).call(removePatientStatus, { seqPatientStatus: list[0]!.seqPatientStatus })).status).toBe(
      404,
    );
    expect((await as(first).call(removePatientStatus, { seqPatientStatus: list[0]!.seqPatientStatus })).reply).toEqual({
      isSuccess: true,
    });
    const after = (await as(first).call(getPatientStatusList, { seqMedicalRelation: id })).success.statusList;
    expect(after.map((entry) => entry.mmt)).toEqual(['2+']);
    const listed = (await as(first).call(getMyPatients, {})).success;
    expect(listed.patientList.find((patient) => patient.seqMedicalRelation === id)?.primaryDiagnosis).toBe(
      'Ischemic stroke',
    );
    const others = listed.patientList.filter((patient) => patient.seqMedicalRelation !== id);
    expect(others.every((patient) => patient.primaryDiagnosis === null)).toBe(true);
  });
});

describe('notes', () => {
  it('pages notes important first, filters public and private, and edits, stars and removes them', async () => {
    const id = await addOfflinePatient(first);
    const add = (noteTitle: string, isPublic: boolean, isImportant = false) =>
      as(first).call(addManagerNote, {
        seqMedicalRelation: id,
        noteTitle,
        noteContent: `${noteTitle} content`,
        isPublic,
        isImportant,
      });
    const privateNote = (await add('Private impression', false)).success.note;
    t.clock.advance(1000);
    await add('Home program', true);
    t.clock.advance(1000);
    await add('Important caution', false, true);
    const list = (body: Json) =>
      as(first)
        .call(listManagerNotes, { seqMedicalRelation: id, startIndex: 0, size: 10, ...body })
        .then((reply) => reply.success);
    expect((await list({})).noteList.map((note) => note.noteTitle)).toEqual([
      'Important caution',
      'Home program',
      'Private impression',
    ]);
    expect((await list({ isPublic: true })).noteList.map((note) => note.noteTitle)).toEqual(['Home program']);
    expect((await list({ isPublic: false })).totalCount).toBe(2);
    const page = await list({ startIndex: 1, size: 1 });
    expect(page).toMatchObject({ totalCount: 3, noteList: [{ noteTitle: 'Home program' }] });

    const modified = await as(first).call(modifyManagerNote, {
      seqManagerNote: privateNote.seqManagerNote,
      noteTitle: 'Private impression, revised',
      noteContent: 'x'.repeat(rules.noteMax),
      isPublic: false,
      isImportant: false,
    });
    expect(modified.reply).toMatchObject({ note: { noteTitle: 'Private impression, revised' } });
    const tooLong = await as(first).call(modifyManagerNote, {
      seqManagerNote: privateNote.seqManagerNote,
      noteTitle: 'x',
      noteContent: 'x'.repeat(rules.noteMax + 1),
      isPublic: false,
      isImportant: false,
    });
    expect(tooLong.status).toBe(400);
    await as(first).call(markManagerNoteImportant, { seqManagerNote: privateNote.seqManagerNote, isImportant: true });
    expect((await list({})).noteList.map((note) => note.noteTitle)).toEqual([
      'Important caution',
      'Private impression, revised',
      'Home program',
    ]);
    await as(first).call(removeManagerNote, { seqManagerNote: privateNote.seqManagerNote });
    expect((await list({})).totalCount).toBe(2);

    // The other clinician sees none of it.
    expect((await as(second).call(listManagerNotes, { seqMedicalRelation: id, startIndex: 0, size: 10 })).status).toBe(
      404,
    );
    expect(
      (
        await as(second).call(markManagerNoteImportant, {
          seqManagerNote: privateNote.seqManagerNote,
          isImportant: false,
        })
      ).status,
    ).toBe(404);
  });
});

describe('categories and the medical record', () => {
  it("groups patients in the clinician's own categories", async () => {
    const id = await addOfflinePatient(first);
    const save = (body: RequestOf<typeof saveCategory>, who = first) => as(who).call(saveCategory, body);
    const knee = (await save({ categoryName: 'Knee rehab' })).success.category;
    const stroke = (await save({ categoryName: 'Stroke' })).success.category;
    expect((await save({ categoryName: 'Stroke' })).status).toBe(400);
    await save({ seqCategory: knee.seqCategory, categoryName: 'Knee program' });
    const assign = await as(first).call(setPatientCategories, {
      seqMedicalRelation: id,
      categoryIds: [knee.seqCategory, stroke.seqCategory],
    });
    expect(assign.reply).toEqual({ isSuccess: true });
    const categories = (await as(first).call(listCategories, {})).success.categoryList;
    expect(categories).toEqual([
      { seqCategory: knee.seqCategory, categoryName: 'Knee program', patientCount: 1 },
      { seqCategory: stroke.seqCategory, categoryName: 'Stroke', patientCount: 1 },
    ]);
    const detail = (await as(first).call(getPatientDetail, { seqMedicalRelation: id })).success;
    expect(detail.patient.categoryIds).toEqual([knee.seqCategory, stroke.seqCategory].sort((a, b) => a - b));

    // Neither the other clinician's categories nor their patients can be mixed in.
    const theirs = (await save({ categoryName: 'Theirs' }, second)).success.category;
    expect(
      (
        await as(first).call(setPatientCategories, {
          seqMedicalRelation: id,
          categoryIds: [theirs.seqCategory],
        })
      ).status,
    ).toBe(404);
    expect((await as(second).call(setPatientCategories, { seqMedicalRelation: id, categoryIds: [] })).status).toBe(404);
    expect((await as(second).call(removeCategory, { seqCategory: knee.seqCategory })).status).toBe(404);
    expect((await as(second).call(listCategories, {})).success.categoryList).toHaveLength(1);
  });

  it('merges condition entries and notes into one record, newest first', async () => {
    const id = await addOfflinePatient(first);
    await as(first).call(appendPatientStatus, {
      seqMedicalRelation: id,
      status: { primaryDiagnosis: 'TKA' },
    });
    t.clock.advance(1000);
    await as(first).call(addManagerNote, {
      seqMedicalRelation: id,
      noteTitle: 'Visit',
      noteContent: 'Walked 50 m',
      isPublic: true,
      isImportant: false,
    });
    const record = (await as(first).call(getMedicalRecord, { seqMedicalRelation: id })).success.record;
    expect(record.map((item) => item.kind)).toEqual(['note', 'condition']);
  });
});

describe('ownership and audit', () => {
  it("gives a second clinician nothing of the first one's patients: not by id, not in a list", async () => {
    const id = await addOfflinePatient(first, { patientName: 'Only Mine' });
    const theirList = (await as(second).call(getMyPatients, {})).success.patientList;
    expect(theirList.some((patient) => patient.patientName === 'Only Mine')).toBe(false);
    const attempts = [
      as(second).call(getPatientDetail, { seqMedicalRelation: id }),
      as(second).call(getPatientStatusList, { seqMedicalRelation: id }),
      as(second).call(getMedicalRecord, { seqMedicalRelation: id }),
      as(second).call(updatePatientInfo, { seqMedicalRelation: id, ...profile(), imageUrl: null }),
      as(second).call(changeActivationStatus, { seqMedicalRelation: id, isEnabled: false }),
      as(second).call(appendPatientStatus, { seqMedicalRelation: id, status: { mmt: '3' } }),
      as(second).call(addManagerNote, {
        seqMedicalRelation: id,
        noteTitle: 'x',
        noteContent: 'y',
        isPublic: true,
        isImportant: false,
      }),
    ];
    const missing = await as(second).call(getPatientDetail, { seqMedicalRelation: 2_000_000 });
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(reply.error).toEqual(missing.error);
    }
  });

  it('records every read and change of a patient, and the trail cannot be altered', async () => {
    const id = await addOfflinePatient(first);
    const created = await auditCount(id);
    expect(created).toBe(1);
    await as(first).call(getPatientDetail, { seqMedicalRelation: id });
    await as(first).call(appendPatientStatus, { seqMedicalRelation: id, status: { mmt: '3' } });
    await as(first).call(addManagerNote, {
      seqMedicalRelation: id,
      noteTitle: 'x',
      noteContent: 'y',
      isPublic: true,
      isImportant: false,
    });
    await as(first).call(listManagerNotes, { seqMedicalRelation: id, startIndex: 0, size: 5 });
    await as(first).call(changeActivationStatus, { seqMedicalRelation: id, isEnabled: false });
    expect(await auditCount(id)).toBe(created + 5);
    // Someone else's attempt reads nothing, but it is on record, as refused.
    await as(second).call(getPatientDetail, { seqMedicalRelation: id });
    expect(await auditCount(id)).toBe(created + 6);

    const rows = await t.app.db
      .select()
      .from(auditEvent)
      .where(sql`${auditEvent.seqMedicalRelation} = ${id}`)
      .orderBy(auditEvent.id);
    expect(rows.every((row) => row.ip === '127.0.0.1' && row.requestId)).toBe(true);
    expect(rows.slice(0, -1).every((row) => row.seqUser === first.seqUser && row.outcome === 'success')).toBe(true);
    expect(rows.at(-1)).toMatchObject({
      seqUser: second.seqUser,
      action: 'read',
      entity: 'patient_detail',
      outcome: 'denied',
      seqPatient: null,
    });
    await expect(
      t.app.db.execute(sql`update audit_event set action = 'read' where seq_medical_relation = ${id}`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_event where seq_medical_relation = ${id}`)).rejects.toThrow();
  });
});
