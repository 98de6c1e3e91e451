import { translate, uploadSingle, getManagerInfo, updateManagerInfo, type RequestOf } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePixelPng, uploadFile, verifiedClinician, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;

type Caller = { tokens: { accessToken: string } };
/** 36 characters after the prefix, as a served path has, but no UUID. */
const malformedPath = '/api/storage/file/0-d70c813-5a16c3454867b0-7c9d4624a35';
const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');
const profile = async (who: Caller) =>
  (await callApi(t.app, getManagerInfo, {}, { token: who.tokens.accessToken })).success.manager;
const update = (who: Caller, body: RequestOf<typeof updateManagerInfo>) =>
  callApi(t.app, updateManagerInfo, body, { token: who.tokens.accessToken });
const upload = async (who: Caller) =>
  (await uploadFile(t.app, uploadSingle, who.tokens.accessToken, png, { folderPath: 'profile' })).success.publicPath;
const file = (who: Caller, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${who.tokens.accessToken}` } });

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());

describe('the clinician’s profile', () => {
  it('offers the signature drawn at sign-up as the e-signature, to its owner only', async () => {
    const { managerESignatureImageUrl, managerImageUrl } = await profile(clinician);
    expect(managerImageUrl).toBeNull();
    expect(managerESignatureImageUrl).toMatch(/^\/api\/storage\/file\/[0-9a-f-]{36}$/);
    const own = await file(clinician, managerESignatureImageUrl as string);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await file(other, managerESignatureImageUrl as string)).statusCode).toBe(404);
  });

  it('changes the profile fields and images; an image or the clinic left out is kept, null removes it', async () => {
    const [image, signature] = [await upload(clinician), await upload(clinician)];
    const body = {
      firstName: 'Grace',
      lastName: 'Hopper-Lee',
      managerImageUrl: image,
      managerESignatureImageUrl: signature,
      managerSpecialty: 'Neurological rehabilitation',
      managerBackground: 'Ten years in stroke units',
      managerLanguageList: ['English', 'Korean'],
      managerProfessionalEducation: 'DPT, University of Seoul',
      managerYearsOfExperience: 10,
      managerClinicName: 'Harbour Rehabilitation Clinic',
      managerClinicAddress: '12 Pier Road\nKowloon, Hong Kong',
    };
    const saved = await update(clinician, body);
    expect(saved.reply).toMatchObject({
      manager: {
        managerName: 'Grace Hopper-Lee',
        managerImageUrl: image,
        managerESignatureImageUrl: signature,
        managerLanguageList: ['English', 'Korean'],
        managerYearsOfExperience: 10,
        managerClinicName: 'Harbour Rehabilitation Clinic',
        managerClinicAddress: '12 Pier Road\nKowloon, Hong Kong',
      },
    });
    const { managerImageUrl: _image, managerESignatureImageUrl: _signature, ...withoutImages } = body;
    expect((await update(clinician, { ...withoutImages, managerImageUrl: null })).reply).toMatchObject({
      manager: { managerImageUrl: null, managerESignatureImageUrl: signature },
    });
    // An app that does not know the clinic yet keeps it; null removes it.
    const { managerClinicName: _name, managerClinicAddress: _address, ...withoutClinic } = withoutImages;
    expect((await update(clinician, { ...withoutClinic, managerClinicAddress: null })).reply).toMatchObject({
      manager: { managerClinicName: 'Harbour Rehabilitation Clinic', managerClinicAddress: null },
    });
  });

  it('refuses an image that is not the clinician’s upload, and out-of-range values', async () => {
    const theirs = await upload(other);
    const base = { firstName: 'Grace', lastName: 'Hopper' };
    expect((await update(clinician, { ...base, managerImageUrl: theirs })).status).toBe(400);
    expect((await update(clinician, { ...base, managerYearsOfExperience: 71 })).status).toBe(400);
    expect((await update(clinician, { ...base, firstName: '' })).status).toBe(400);
    const longName = await update(clinician, { ...base, managerClinicName: 'C'.repeat(101) });
    expect(longName.status).toBe(400);
    expect(longName.error).toMatchObject({ fields: [{ path: 'managerClinicName', code: 'validation.too_long' }] });
    expect((await update(clinician, { ...base, managerClinicAddress: 'A'.repeat(301) })).status).toBe(400);
    expect(await profile(clinician)).toMatchObject({ managerName: 'Grace Hopper-Lee' });
  });

  it('answers an image path whose id is no upload id with a translated 400 and changes nothing', async () => {
    const before = await profile(clinician);
    for (const field of ['managerImageUrl', 'managerESignatureImageUrl']) {
      const refused = await callApi(
        t.app,
        updateManagerInfo,
        { firstName: 'Changed', lastName: 'Name', [field]: malformedPath },
        { token: clinician.tokens.accessToken, language: 'ko' },
      );
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({
        fields: [{ path: field, code: 'validation.invalid', message: translate('ko', 'validation.invalid') }],
      });
    }
    expect(await profile(clinician)).toEqual(before);
  });
});
