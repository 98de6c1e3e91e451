import { randomUUID } from 'node:crypto';
import {
  addClinicAssignedExercise,
  addQuestionnaireResponse,
  addQuestionnaireSchedule,
  answerableItems,
  appendPatientStatus,
  getReport,
  getReportConditions,
  lefs,
  listReports,
  saveReport,
  supersedeQuestionnaireResponse,
  updateExerciseStatus,
  updateManagerInfo,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceSession,
  kneeProgram,
  relogin,
  verifiedClinician,
  verifiedPatient,
  callApi,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { auditEvent } from '../../db/schema.ts';

// The test clock starts on 2026-11-22 at 09:00 UTC; the prescriptions are made then.
const day = 86_400_000;

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;
let knee: number;

type Caller = { tokens: { accessToken: string } };
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
const range = { startDate: '2026-11-22', endDate: '2026-12-31' };
const dateOf = (offset: number): string => new Date(Date.parse('2026-11-22T12:00:00Z') + offset * day).toISOString();
const auditOf = (reply: { headers: Record<string, unknown> }) =>
  t.app.db
    .select()
    .from(auditEvent)
    .where(eq(auditEvent.requestId, String(reply.headers['x-request-id'])));
const upload = (keys: number[]) =>
  callAs(member, uploadExerciseRecords, {
    records: keys.map((offset) =>
      deviceSession(knee, `report-${offset}`, dateOf(offset), { iuppiterUsageMaxAngle: 60 + offset }),
    ),
  });

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken, 2);
  const prescribe = (frequency: number) =>
    callAs(clinician, addClinicAssignedExercise, {
      seqMedicalRelation: relation,
      exercise: { ...kneeProgram, frequency },
    }).then((reply) => reply.success.exercise.seqExercise);
  knee = await prescribe(2);
  const cancelled = await prescribe(1);
  for (const mmt of ['2', '3'] as const) {
    await callAs(clinician, appendPatientStatus, {
      seqMedicalRelation: relation,
      status: { primaryDiagnosis: 'Total knee arthroplasty', mmt, chiefComplaint: `Stiff knee, MMT ${mmt}` },
    });
    t.clock.advance(day);
    await relogin(t.app, clinician);
  }
  // Cancelled on the 24th: it asked for sessions on the 22nd and the 23rd only.
  const cancel = await callApi(
    t.app,
    updateExerciseStatus,
    { seqExercise: cancelled, exerciseStatus: 5 },
    { token: clinician.tokens.accessToken },
  );
  expect(cancel.reply).toMatchObject({ isSuccess: true, exercise: { exerciseStatus: 5 } });
  t.clock.advance(Date.parse('2027-01-01T09:00:00Z') - t.clock().getTime());
  for (const who of [clinician, other, member]) await relogin(t.app, who);
  // Twenty days with sessions in the first 30 days, five in the ten days after.
  const sent = await upload([...Array.from({ length: 20 }, (_, index) => index), 30, 32, 34, 36, 38]);
  expect(sent.reply).toMatchObject({ isSuccess: true, accepted: 25 });
});
afterAll(() => t.close());

describe('the report of a period', () => {
  it('shows the first and latest condition, adherence and the days with device data per 30 days', async () => {
    const reply = await callAs(clinician, getReportConditions, {
      seqMedicalRelation: relation,
      ...range,
    });
    expect(reply.status).toBe(200);
    expect(reply.reply).toMatchObject({
      isSuccess: true,
      patient: { seqMedicalRelation: relation, patientName: 'Pat Member' },
      initStatus: { mmt: '2', chiefComplaint: 'Stiff knee, MMT 2' },
      lastStatus: { mmt: '3', chiefComplaint: 'Stiff knee, MMT 3' },
      // 40 days twice a day, and the cancelled program's 2 days once a day.
      adherence: { prescribedSessions: 82, completedSessions: 25, rate: 0.305 },
      deviceDays: [
        { startDate: '2026-11-22', endDate: '2026-12-21', days: 20, meetsBillingThreshold: true },
        { startDate: '2026-12-22', endDate: '2026-12-31', days: 5, meetsBillingThreshold: false },
      ],
      clinician: { managerName: `${clinician.body.firstName} ${clinician.body.lastName}`, title: clinician.body.title },
    });
  });

  it('counts 16 days in a period as billable, and caps sessions at what was prescribed', async () => {
    const reply = await callAs(clinician, getReportConditions, {
      seqMedicalRelation: relation,
      startDate: '2026-11-22',
      endDate: '2026-12-07',
    });
    const body = reply.success;
    expect(body.deviceDays).toEqual([
      { startDate: '2026-11-22', endDate: '2026-12-07', days: 16, meetsBillingThreshold: true },
    ]);
    expect(body.adherence).toEqual({ prescribedSessions: 34, completedSessions: 16, rate: 0.471 });
  });

  it('keeps a report unchanged, lists it and refuses one without a parameter', async () => {
    const words = {
      seqMedicalRelation: relation,
      ...range,
      position: null,
      mode: null,
      chiefComplaint: 'Stiff knee after surgery',
      expertOpinion: 'Flexion improves steadily; continue twice daily.',
    };
    expect((await callAs(clinician, saveReport, { ...words, parameters: [] })).status).toBe(400);
    const clinic = (managerClinicName: string, managerClinicAddress: string) =>
      callApi(
        t.app,
        updateManagerInfo,
        {
          firstName: clinician.body.firstName,
          lastName: clinician.body.lastName,
          managerClinicName,
          managerClinicAddress,
        },
        { token: clinician.tokens.accessToken },
      );
    expect((await clinic('Harbour Rehabilitation', '12 Pier Road, Kowloon')).status).toBe(200);
    const saved = await callAs(clinician, saveReport, { ...words, parameters: ['maxAngle', 'sessions'] });
    const { report } = saved.success;
    expect(report).toMatchObject({
      parameters: ['maxAngle', 'sessions'],
      expertOpinion: 'Flexion improves steadily; continue twice daily.',
      data: {
        deviceDays: [{ days: 20 }, { days: 5 }],
        clinician: { managerClinicName: 'Harbour Rehabilitation', managerClinicAddress: '12 Pier Road, Kowloon' },
      },
    });
    expect(report.romDays).toHaveLength(25);
    expect(report.romDays[0]).toMatchObject({ date: '2026-11-22', maxAngle: 60, sessions: 1 });

    // The devices send more and the clinic moves; the kept report stays as it was, a new look shows the new data.
    expect((await upload([35, 37])).reply).toMatchObject({ accepted: 2 });
    expect((await clinic('Harbour Rehabilitation East', '3 Quay Street, Sai Kung')).status).toBe(200);
    const reopened = await callAs(clinician, getReport, { seqReport: report.seqReport });
    expect(reopened.success.report).toEqual(report);
    const fresh = await callAs(clinician, getReportConditions, {
      seqMedicalRelation: relation,
      ...range,
    });
    expect(fresh.reply).toMatchObject({
      deviceDays: [{}, { days: 7 }],
      clinician: { managerClinicName: 'Harbour Rehabilitation East', managerClinicAddress: '3 Quay Street, Sai Kung' },
    });

    await callAs(clinician, saveReport, { ...words, parameters: ['minAngle'], startDate: '2026-12-01' });
    const list = await callAs(clinician, listReports, { seqMedicalRelation: relation });
    expect(list.success.reportList.map((item) => item.parameters)).toEqual([['minAngle'], ['maxAngle', 'sessions']]);
  });

  it('refuses to keep a period longer than a year or ending before it starts, naming the end date', async () => {
    const words = {
      seqMedicalRelation: relation,
      parameters: ['maxAngle' as const],
      position: null,
      mode: null,
      chiefComplaint: '',
      expertOpinion: '',
    };
    const save = (startDate: string, endDate: string) =>
      callApi(
        t.app,
        saveReport,
        { ...words, startDate, endDate },
        { token: clinician.tokens.accessToken, language: 'cs' },
      );
    const refusals = [
      [
        await save('2025-12-30', '2026-12-31'),
        'validation.report_period_too_long',
        'Zpráva může pokrývat nejvýše 366 dní.',
      ],
      [await save('2026-12-31', '2026-12-30'), 'validation.range_order', 'Datum konce nesmí být před datem začátku.'],
    ] as const;
    for (const [reply, code, message] of refusals) {
      expect(reply.status).toBe(400);
      expect(reply.error).toMatchObject({ fields: [{ path: 'endDate', code, message }] });
    }
    expect((await save('2026-02-30', '2026-03-01')).error).toMatchObject({
      fields: [{ path: 'startDate', code: 'validation.date_format' }],
    });
    const before = (await callAs(clinician, listReports, { seqMedicalRelation: relation })).success;
    expect((await save('2025-12-31', '2026-12-31')).status).toBe(200);
    const after = (await callAs(clinician, listReports, { seqMedicalRelation: relation })).success;
    expect(after.reportList).toHaveLength(before.reportList.length + 1);
  });

  it('is the clinician’s own: another clinician gets nothing', async () => {
    const attempts = await Promise.all([
      callAs(other, getReportConditions, { seqMedicalRelation: relation, ...range }),
      callAs(other, listReports, { seqMedicalRelation: relation }),
      callAs(other, getReport, { seqReport: 1 }),
      callAs(other, saveReport, {
        seqMedicalRelation: relation,
        ...range,
        parameters: ['maxAngle'],
        position: null,
        mode: null,
        chiefComplaint: '',
        expertOpinion: '',
      }),
    ]);
    for (const reply of attempts) expect(reply.status).toBe(404);
    // Each attempt is on record, as refused.
    for (const reply of attempts)
      expect(await auditOf(reply)).toEqual([expect.objectContaining({ seqUser: other.seqUser, outcome: 'denied' })]);
  });

  it('records its reading as a read of the report, not of the patient detail', async () => {
    const reads = [
      await callAs(clinician, getReportConditions, {
        seqMedicalRelation: relation,
        ...range,
      }),
      await callAs(clinician, listReports, { seqMedicalRelation: relation }),
    ];
    // It shows the questionnaire scores too: their reading is on record as well.
    expect((await auditOf(reads[0]!)).map((row) => [row.action, row.entity, row.seqMedicalRelation])).toEqual([
      ['read', 'report', relation],
      ['read', 'questionnaire_response', relation],
    ]);
    expect((await auditOf(reads[1]!)).map((row) => [row.action, row.entity, row.seqMedicalRelation])).toEqual([
      ['read', 'report_list', relation],
    ]);
  });

  it('shows the questionnaire scores in force written in its period, and keeps them only when asked', async () => {
    /** LEFS sent now and answered with every item at one option (0 to 4): a sum of 20 times it. */
    const answeredLefs = async (option: number) => {
      const sent = await callAs(clinician, addQuestionnaireSchedule, {
        seqMedicalRelation: relation,
        instrument: { kind: 'shipped', key: 'lefs' },
        cadence: { kind: 'once' },
      });
      const [request] = sent.success.schedule.openRequests;
      const answers = answerableItems(lefs.questionnaire).map((item) => {
        const { system, code } = item.answerOption![option]!.valueCoding!;
        return { linkId: item.linkId, answer: [{ valueCoding: { system, code: code! } }] };
      });
      const reply = await callAs(member, addQuestionnaireResponse, {
        idempotencyKey: randomUUID(),
        seqQuestionnaireRequest: request!.seqQuestionnaireRequest,
        answers,
        authoredAt: t.clock().toISOString(),
      });
      return reply.success.response;
    };
    // The clock has moved on since the sign-ins: both sign in again, as after each day that passes.
    const nextDay = async () => {
      t.clock.advance(day);
      await relogin(t.app, clinician);
      await relogin(t.app, member);
    };
    await nextDay();
    const dayOfClock = () => t.clock().toISOString().slice(0, 10);
    const firstDay = dayOfClock();
    const baseline = await answeredLefs(1);
    await nextDay();
    const mistaken = await answeredLefs(4);
    await callAs(clinician, supersedeQuestionnaireResponse, {
      seqQuestionnaireResponse: mistaken.seqQuestionnaireResponse,
      reason: 'Answered for the other leg',
    });
    await nextDay();
    await answeredLefs(3);

    const today = dayOfClock();
    const period = { seqMedicalRelation: relation, startDate: firstDay, endDate: today };
    const { outcomes } = (await callAs(clinician, getReportConditions, period)).success;
    expect(outcomes?.map(({ history }) => [history.instrument, history.mcid, history.baseline?.score])).toEqual([
      [{ kind: 'shipped', key: 'lefs' }, 9, 20],
    ]);
    expect(outcomes?.[0]?.history.baseline?.seqQuestionnaireResponse).toBe(baseline.seqQuestionnaireResponse);
    // The superseded response leaves the report.
    const scores = (of: typeof outcomes) =>
      of?.[0]?.responses.map((response) => [response.score, response.improvement, response.improvedBeyondMcid]);
    expect(scores(outcomes)).toEqual([
      [20, 0, false],
      [60, 40, true],
    ]);
    // Only the days of the period count: the last response alone, measured from the older baseline.
    const lastDay = await callAs(clinician, getReportConditions, {
      seqMedicalRelation: relation,
      startDate: today,
      endDate: today,
    });
    expect(scores(lastDay.success.outcomes)).toEqual([[60, 40, true]]);
    const dayBefore = new Date(Date.parse(firstDay) - day).toISOString().slice(0, 10);
    const before = await callAs(clinician, getReportConditions, {
      ...period,
      startDate: dayBefore,
      endDate: dayBefore,
    });
    expect(before.success.outcomes).toEqual([]);

    const words = {
      ...period,
      parameters: ['maxAngle' as const],
      position: null,
      mode: null,
      chiefComplaint: '',
      expertOpinion: '',
    };
    const without = await callAs(clinician, saveReport, words);
    expect(without.success.report.data.outcomes).toBeNull();
    const kept = await callAs(clinician, saveReport, { ...words, outcomes: true });
    expect(kept.success.report.data.outcomes).toEqual(outcomes);
    expect((await callAs(clinician, getReport, { seqReport: kept.success.report.seqReport })).success.report).toEqual(
      kept.success.report,
    );
  });
});
