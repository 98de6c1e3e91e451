import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

/** Simultaneous requests (a double click, two tabs, a retrying app): on PostgreSQL they truly race. */
let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
  call(t.app, path, body, { token: clinician.tokens.accessToken, method });

describe('simultaneous requests', () => {
  it('create one category of a name and put a patient in its categories without a server error', async () => {
    const saves = await Promise.all([1, 2, 3, 4, 5].map(() => post('/category/save', { categoryName: 'Twins' })));
    expect(saves.map((reply) => reply.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const seqCategory = saves.find((reply) => reply.statusCode === 200)!.json<{ category: { seqCategory: number } }>()
      .category.seqCategory;
    const patient = await post('/patient/addPatient/noAuth', {
      patientName: 'Race Case',
      patientInfoBirth: '1980-01-01',
      patientInfoGender: null,
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    const { seqMedicalRelation } = patient.json<{ seqMedicalRelation: number }>();
    const assigns = await Promise.all(
      [1, 2, 3, 4].map(() =>
        post('/category/setPatientCategories', { seqMedicalRelation, categoryIds: [seqCategory] }, 'PUT'),
      ),
    );
    expect(assigns.every((reply) => reply.statusCode === 200)).toBe(true);
    const list = (await post('/category/list', {})).json<{ categoryList: { patientCount: number }[] }>();
    expect(list.categoryList).toEqual([{ seqCategory, categoryName: 'Twins', patientCount: 1 }]);
  });

  it('leave only the newest of simultaneously issued sync codes live', async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const codes = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(t.app, '/patientApp/issueSyncAuthCode', {}, { token: member.tokens.accessToken }).then(
          (reply) => reply.json<{ patientSyncAuthCode: string }>().patientSyncAuthCode,
        ),
      ),
    );
    const live = [];
    for (const code of codes) {
      const preview = await post('/patient/isPatientSyncAuthCodeValid', { patientSyncAuthCode: code });
      if (preview.json<{ isSuccess: boolean }>().isSuccess) live.push(code);
    }
    expect(live).toHaveLength(1);
  });

  it('answer a malformed file id or a year-zero date with 4xx, never 500', async () => {
    const dashes = await t.app.inject({
      url: `/api/storage/file/${'-'.repeat(36)}`,
      headers: { authorization: `Bearer ${clinician.tokens.accessToken}` },
    });
    expect(dashes.statusCode).toBe(404);
    const patient = await post('/patient/addPatient/noAuth', {
      patientName: 'Year Zero',
      patientInfoBirth: '1980-01-01',
      patientInfoGender: null,
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    const { seqMedicalRelation } = patient.json<{ seqMedicalRelation: number }>();
    const zero = await post('/patient/appendPatientStatus', {
      seqMedicalRelation,
      status: { onsetDate: '0000-01-01' },
    });
    expect(zero.statusCode).toBe(400);
    const image = await post(
      '/patient/updatePatientInfo',
      {
        seqMedicalRelation,
        patientName: 'Year Zero',
        patientInfoBirth: '1980-01-01',
        patientInfoGender: null,
        heightCm: 170,
        weightKg: 70,
        deviceType: 1,
        imageUrl: `/api/storage/file/${'-'.repeat(36)}`,
      },
      'PUT',
    );
    expect(image.statusCode).toBe(400);
  });
});
