import {
  addPatient,
  addQuestionnaireSchedule,
  issueSyncAuthCode,
  listMyQuestionnaires,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, relogin, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

// Prague moves to summer time on Sunday 29 March 2026 at 02:00, straight to 03:00.
const prague = 'Europe/Prague';

let t: TestApp;
const as = (who: { tokens: { accessToken: string } }) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en', timeZone: prague }),
});

beforeAll(async () => {
  t = await createTestApp({ clockStart: new Date('2026-03-20T10:00:00Z') });
});

afterAll(async () => {
  await t.close();
});

describe('a weekly questionnaire across the change to summer time', () => {
  it('stays at its wall-clock time until its end date, a time the change skips being the hour after', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const member = await verifiedPatient(t.app, t.mail);
    const code = (await as(member).call(issueSyncAuthCode, {})).success.patientSyncAuthCode;
    const seqMedicalRelation = (
      await as(clinician).call(addPatient, { patientSyncAuthCode: code, heightCm: 170, weightKg: 72, deviceType: 2 })
    ).success.seqMedicalRelation;
    const weekly = (time: string) =>
      as(clinician).call(addQuestionnaireSchedule, {
        seqMedicalRelation,
        instrument: { kind: 'shipped', key: 'lefs' },
        cadence: { kind: 'repeat', every: 1, unit: 'weeks', startDate: '2026-03-22', time, endDate: '2026-04-05' },
      });

    const nine = (await weekly('09:00')).success.schedule;
    expect(nine.openRequests.map((request) => request.dueAt)).toEqual([
      '2026-03-22T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-04-05T07:00:00.000Z',
    ]);
    // 02:30 on 29 March does not exist in Prague: it is due at 03:30 summer time, the same instant as 02:30 winter time.
    const gap = (await weekly('02:30')).success.schedule;
    expect(gap.openRequests.map((request) => request.dueAt)).toEqual([
      '2026-03-22T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-04-05T00:30:00.000Z',
    ]);

    // On the morning of the change the patient has the two of that day due, and none of the next week.
    t.clock.advance(Date.parse('2026-03-29T07:30:00Z') - t.clock().getTime());
    await relogin(t.app, member);
    await t.app.jobs.tick();
    const due = (await as(member).call(listMyQuestionnaires, {})).success.questionnaireList;
    expect(due.map((entry) => entry.dueAt).sort()).toEqual([
      '2026-03-22T01:30:00.000Z',
      '2026-03-22T08:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T07:00:00.000Z',
    ]);
  });
});
