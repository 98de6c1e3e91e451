import {
  addPatientNoAuth,
  appendPatientStatus,
  isPatientSyncAuthCodeValid,
  listCategories,
  saveCategory,
  setPatientCategories,
  updatePatientInfo,
  issueSyncAuthCode,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician, verifiedPatient, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

/** Simultaneous requests (a double click, two tabs, a retrying app): on PostgreSQL they truly race. */
let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());

const post = <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: clinician.tokens.accessToken });

describe('simultaneous requests', () => {
  it('create one category of a name and put a patient in its categories without a server error', async () => {
    const saves = await Promise.all([1, 2, 3, 4, 5].map(() => post(saveCategory, { categoryName: 'Twins' })));
    expect(saves.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const seqCategory = saves.find((reply) => reply.status === 200)!.success.category.seqCategory;
    const patient = await post(addPatientNoAuth, {
      patientName: 'Race Case',
      patientInfoBirth: '1980-01-01',
      patientInfoGender: null,
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    const { seqMedicalRelation } = patient.success;
    const assigns = await Promise.all(
      [1, 2, 3, 4].map(() => post(setPatientCategories, { seqMedicalRelation, categoryIds: [seqCategory] })),
    );
    expect(assigns.every((reply) => reply.status === 200)).toBe(true);
    const list = (await post(listCategories, {})).success;
    expect(list.categoryList).toEqual([{ seqCategory, categoryName: 'Twins', patientCount: 1 }]);
  });

  it('leave only the newest of simultaneously issued sync codes live', async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const codes = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        callApi(t.app, issueSyncAuthCode, {}, { token: member.tokens.accessToken }).then(
          (reply) => reply.success.patientSyncAuthCode,
        ),
      ),
    );
    const live = [];
    for (const code of codes) {
      const preview = await post(isPatientSyncAuthCodeValid, { patientSyncAuthCode: code });
      if (preview.reply.isSuccess) live.push(code);
    }
    expect(live).toHaveLength(1);
  });

  it('answer a malformed file id or a year-zero date with 4xx, never 500', async () => {
    const dashes = await t.app.inject({
      url: `/api/storage/file/${'-'.repeat(36)}`,
      headers: { authorization: `Bearer ${clinician.tokens.accessToken}` },
    });
    expect(dashes.statusCode).toBe(404);
    const patient = await post(addPatientNoAuth, {
      patientName: 'Year Zero',
      patientInfoBirth: '1980-01-01',
      patientInfoGender: null,
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    const { seqMedicalRelation } = patient.success;
    const zero = await post(appendPatientStatus, {
      seqMedicalRelation,
      status: { onsetDate: '0000-01-01' },
    });
    expect(zero.status).toBe(400);
    const image = await post(updatePatientInfo, {
      seqMedicalRelation,
      patientName: 'Year Zero',
      patientInfoBirth: '1980-01-01',
      patientInfoGender: null,
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
      imageUrl: `/api/storage/file/${'-'.repeat(36)}`,
    });
    expect(image.status).toBe(400);
  });
});
