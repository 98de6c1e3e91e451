import { randomUUID } from 'node:crypto';
import {
  addCustomQuestionnaire,
  addQuestionnaireResponse,
  addQuestionnaireSchedule,
  answerableItems,
  cancelNotStartedYetSchedule,
  cancelQuestionnaireSchedule,
  createSchedule,
  getMyQuestionnaire,
  getQuestionnaireInstrument,
  getQuestionnaireResponse,
  lefs,
  listMonitoringAlerts,
  listMyQuestionnaires,
  listQuestionnaireInstruments,
  listQuestionnaireResponses,
  listQuestionnaireSchedules,
  patientPush,
  supersedeQuestionnaireResponse,
  updateNotStartedYetSchedule,
  updatePatientPushToken,
  type AnswerItem,
  type Endpoint,
  type OutcomeQuestionnaire,
  type RequestOf,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeams, type Clinician, type Member } from '../../../test/care-teams.ts';
import { callApi, lefsAnswers, relogin, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { registerMember } from '../../../test/realtime.ts';
import {
  appUser,
  auditEvent,
  questionnaireRequest,
  questionnaireResponse,
  questionnaireSchedule,
} from '../../db/schema.ts';

// The test clock starts on 2026-11-22 (a Sunday) at 09:00 UTC, 10:00 in Prague.
const prague = 'Europe/Prague';
const day = 86_400_000;

/** The device type the patients' programs are for. */
const homeDevice = 2;

let t: TestApp;
let push: PushService;
let clinician: Clinician;
let other: Clinician;
let member: Member;
let stranger: Member;
let relation: number;
let strangerRelation: number;

const as = (who: { tokens: { accessToken: string } }, language = 'en') => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language, timeZone: prague }),
});

const treat = (who: Member, by: Clinician) =>
  registerMember(t.app, by.tokens.accessToken, who.tokens.accessToken, homeDevice);

/** LEFS answers as the server keeps them: each coding the questionnaire's option, its display too. */
function keptLefsAnswers(option: number): AnswerItem[] {
  return answerableItems(lefs.questionnaire).map((item) => {
    const { system, code, display } = item.answerOption![option]!.valueCoding!;
    return { linkId: item.linkId, answer: [{ valueCoding: { system, code: code!, display } }] };
  });
}
const sendLefsNow = (seqMedicalRelation = relation, by = clinician) =>
  as(by).call(addQuestionnaireSchedule, {
    seqMedicalRelation,
    instrument: { kind: 'shipped', key: 'lefs' },
    cadence: { kind: 'once' },
  });
const answer = (seqQuestionnaireRequest: number, answers: AnswerItem[], idempotencyKey = randomUUID(), who = member) =>
  as(who).call(addQuestionnaireResponse, {
    idempotencyKey,
    seqQuestionnaireRequest,
    answers,
    authoredAt: t.clock().toISOString(),
  });
const auditOf = (seqUser: number, entity: string) =>
  t.app.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.seqUser, seqUser), eq(auditEvent.entity, entity)))
    .orderBy(auditEvent.id);

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  ({ clinician, member, relation, other, stranger, strangerRelation } = await careTeams(t.app, t.mail, {
    other: { firstName: 'Grace', lastName: 'Hopper' },
    deviceType: homeDevice,
  }));
});

afterAll(async () => {
  await t.close();
  await push.close();
});

describe('instruments', () => {
  it('lists the shipped instruments with their languages, then the clinician’s own once the licence is confirmed', async () => {
    const shipped = (await as(clinician).call(listQuestionnaireInstruments, {})).success.instrumentList;
    expect(shipped.map((entry) => entry.instrument)).toEqual([
      { kind: 'shipped', key: 'psfs' },
      { kind: 'shipped', key: 'lefs' },
      { kind: 'shipped', key: 'koos-jr' },
      { kind: 'shipped', key: 'hoos-jr' },
    ]);
    expect(shipped[1]).toMatchObject({ languages: ['en'], mcid: 9, range: { min: 0, max: 80 } });

    const definition: RequestOf<typeof addCustomQuestionnaire>['definition'] = {
      title: { en: 'Elbow check', cs: 'Kontrola lokte' },
      languages: ['en', 'cs'],
      items: [
        {
          type: 'choice',
          text: { en: 'Pain', cs: 'Bolest' },
          required: true,
          options: [
            { label: { en: 'None', cs: 'Žádná' }, score: 0 },
            { label: { en: 'Much', cs: 'Hodně' }, score: 4 },
          ],
        },
        { type: 'integer', text: { en: 'Steps', cs: 'Kroky' }, required: true, min: 0, max: 10 },
      ],
      scoring: 'sum',
      mcid: 2,
      direction: 'lowerIsBetter',
      licenceConfirmed: true,
    };
    const unconfirmed = await as(clinician).call(addCustomQuestionnaire, {
      definition: { ...definition, licenceConfirmed: false as true },
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.error.fields).toContainEqual(
      expect.objectContaining({ path: 'definition.licenceConfirmed', code: 'validation.licence_not_confirmed' }),
    );
    const added = (await as(clinician).call(addCustomQuestionnaire, { definition })).success.instrument;
    expect(added).toMatchObject({ title: 'Elbow check', languages: ['en', 'cs'], range: { min: 0, max: 14 } });
    expect(added.licenceConfirmedAt).toBe(t.clock().toISOString());
    const mine = (await as(clinician).call(listQuestionnaireInstruments, {})).success.instrumentList;
    expect(mine.at(-1)?.instrument).toEqual(added.instrument);
    const others = (await as(other).call(listQuestionnaireInstruments, {})).success.instrumentList;
    expect(others).toHaveLength(4);
    const read = (await as(clinician).call(getQuestionnaireInstrument, { instrument: added.instrument })).success;
    expect(read.questionnaire).toMatchObject({ resourceType: 'Questionnaire', title: 'Elbow check', language: 'en' });
    expect((await as(other).call(getQuestionnaireInstrument, { instrument: added.instrument })).status).toBe(404);

    // Another clinician's custom questionnaire answers as a missing one; the patient reads it in Czech.
    const sent = await as(other).call(addQuestionnaireSchedule, {
      seqMedicalRelation: strangerRelation,
      instrument: added.instrument,
      cadence: { kind: 'once' },
    });
    expect(sent.status).toBe(404);
    const own = (
      await as(clinician).call(addQuestionnaireSchedule, {
        seqMedicalRelation: relation,
        instrument: added.instrument,
        cadence: { kind: 'once' },
      })
    ).success.schedule;
    const request = own.openRequests[0]!.seqQuestionnaireRequest;
    const czech = (await as(member, 'cs').call(getMyQuestionnaire, { seqQuestionnaireRequest: request })).success;
    expect(czech.questionnaire.title).toBe('Kontrola lokte');
    expect(czech.resource).toMatchObject({
      language: 'cs',
      title: 'Kontrola lokte',
      item: [{ text: 'Bolest' }, { text: 'Kroky' }],
    });
    const resource = czech.resource as unknown as OutcomeQuestionnaire;
    const coding = resource.item[0]!.answerOption![1]!.valueCoding!.code!;
    void (
      await answer(request, [
        { linkId: 'item-1', answer: [{ valueCoding: { code: coding } }] },
        { linkId: 'item-2', answer: [{ valueInteger: 3 }] },
      ])
    ).success;
    const history = (await as(clinician).call(listQuestionnaireResponses, { seqMedicalRelation: relation })).success;
    expect(history.responseList.at(-1)).toMatchObject({ title: 'Elbow check', score: 7 });
  });
});

describe('schedules', () => {
  it('makes a questionnaire due now, or every 2 weeks at 09:00 Prague time, and lists those still open', async () => {
    const once = (await sendLefsNow()).success.schedule;
    expect(once.openRequests).toEqual([
      expect.objectContaining({ state: 'due', dueAt: t.clock().toISOString(), seqSchedule: null }),
    ]);
    const repeat = (
      await as(clinician).call(addQuestionnaireSchedule, {
        seqMedicalRelation: relation,
        instrument: { kind: 'shipped', key: 'lefs' },
        cadence: { kind: 'repeat', every: 2, unit: 'weeks', startDate: '2026-11-23', time: '09:00', times: 3 },
      })
    ).success.schedule;
    expect(repeat).toMatchObject({ timeZone: prague, title: expect.stringContaining('Lower Extremity') as string });
    expect(repeat.openRequests.map((request) => [request.dueAt, request.state])).toEqual([
      ['2026-11-23T08:00:00.000Z', 'scheduled'],
      ['2026-12-07T08:00:00.000Z', 'scheduled'],
      ['2026-12-21T08:00:00.000Z', 'scheduled'],
    ]);

    const past = await as(clinician).call(addQuestionnaireSchedule, {
      seqMedicalRelation: relation,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'repeat', every: 1, unit: 'days', startDate: '2026-11-21', time: '09:00', times: 2 },
    });
    expect(past.error.fields).toEqual([
      {
        path: 'cadence.startDate',
        code: 'validation.start_date_past',
        message: 'The start date cannot be in the past.',
      },
    ]);

    const reply = (await as(clinician).call(listQuestionnaireSchedules, { seqMedicalRelation: relation })).success;
    const [account] = await t.app.db
      .select({ language: appUser.language })
      .from(appUser)
      .where(eq(appUser.seqUser, member.seqUser));
    // The send dialog warns when an instrument has no text in the patient's language.
    expect(reply.patientLanguage).toBe(account?.language);
    const listed = reply.scheduleList;
    expect(listed.slice(0, 2).map((entry) => entry.seqQuestionnaireSchedule)).toEqual([
      repeat.seqQuestionnaireSchedule,
      once.seqQuestionnaireSchedule,
    ]);

    const cancelled = (
      await as(clinician).call(cancelQuestionnaireSchedule, {
        seqQuestionnaireSchedule: repeat.seqQuestionnaireSchedule,
      })
    ).success.schedule;
    expect(cancelled.cancelledAt).toBe(t.clock().toISOString());
    expect(cancelled.openRequests).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(questionnaireRequest)
        .where(eq(questionnaireRequest.seqQuestionnaireSchedule, repeat.seqQuestionnaireSchedule)),
    ).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ cancelledAt: t.clock() }) as unknown));
  });

  it("answers another clinician's patient and schedule exactly like missing ones, and audits the attempt", async () => {
    const mine = (await sendLefsNow()).success.schedule;
    const missing = await as(other).call(addQuestionnaireSchedule, {
      seqMedicalRelation: 2_000_000,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'once' },
    });
    const notTheirs = await sendLefsNow(relation, other);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.text).toBe(missing.text);
    const cancel = await as(other).call(cancelQuestionnaireSchedule, {
      seqQuestionnaireSchedule: mine.seqQuestionnaireSchedule,
    });
    expect(cancel.status).toBe(404);
    expect((await as(other).call(listQuestionnaireSchedules, { seqMedicalRelation: relation })).status).toBe(404);
    expect((await as(other).call(listQuestionnaireResponses, { seqMedicalRelation: relation })).status).toBe(404);
    const denied = await auditOf(other.seqUser, 'questionnaire_schedule');
    expect(denied.slice(-4).map((row) => [row.action, row.outcome])).toEqual([
      ['create', 'denied'],
      ['create', 'denied'],
      ['update', 'denied'],
      ['read', 'denied'],
    ]);
    const made = await auditOf(clinician.seqUser, 'questionnaire_schedule');
    expect(made.at(-1)).toMatchObject({
      action: 'create',
      outcome: 'success',
      entityId: String(mine.seqQuestionnaireSchedule),
      seqMedicalRelation: relation,
    });
  });
});

describe('responses', () => {
  it('lists only the patient’s own due questionnaires; another patient’s request answers as missing', async () => {
    const seq = (await sendLefsNow()).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    const mine = (await as(member).call(listMyQuestionnaires, {})).success.questionnaireList;
    expect(mine.map((entry) => entry.seqQuestionnaireRequest)).toContain(seq);
    expect(mine.find((entry) => entry.seqQuestionnaireRequest === seq)).toMatchObject({
      seqMedicalRelation: relation,
      managerName: 'Ada Lovelace',
      state: 'due',
    });
    expect((await as(stranger).call(listMyQuestionnaires, {})).success.questionnaireList).toEqual([]);
    expect((await as(stranger).call(getMyQuestionnaire, { seqQuestionnaireRequest: seq })).status).toBe(404);
    expect((await answer(seq, lefsAnswers(4), randomUUID(), stranger)).status).toBe(404);
    const reads = await auditOf(member.seqUser, 'questionnaire_request');
    expect(reads.at(-1)).toMatchObject({ action: 'read', outcome: 'success', seqMedicalRelation: relation });
    expect((await auditOf(stranger.seqUser, 'questionnaire_response')).map((row) => row.outcome)).toEqual(['denied']);
  });

  it('refuses a missing required item or a value out of range with its translated message, and keeps nothing', async () => {
    const seq = (await sendLefsNow()).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    const missing = await as(member, 'cs').call(addQuestionnaireResponse, {
      idempotencyKey: randomUUID(),
      seqQuestionnaireRequest: seq,
      answers: lefsAnswers(4).slice(1),
      authoredAt: t.clock().toISOString(),
    });
    expect(missing.status).toBe(400);
    expect(missing.error.fields).toEqual([
      { path: 'answers.lefs-1', code: 'validation.required', message: 'Toto pole je povinné.' },
    ]);
    const outOfOptions = lefsAnswers(4);
    outOfOptions[3] = { linkId: outOfOptions[3]!.linkId, answer: [{ valueCoding: { code: 'not-an-option' } }] };
    const wrong = await answer(seq, outOfOptions);
    expect(wrong.error.fields?.[0]).toMatchObject({ code: 'validation.answer_option' });
    expect(
      await t.app.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.seqQuestionnaireRequest, seq)),
    ).toEqual([]);
  });

  it('keeps the time the answers were written between the time the questionnaire came due and their arrival', async () => {
    const written = async (authoredAt: Date) => {
      const seq = (await sendLefsNow()).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
      const dueAt = t.clock().toISOString();
      t.clock.advance(60_000);
      const sent = await as(member).call(addQuestionnaireResponse, {
        idempotencyKey: randomUUID(),
        seqQuestionnaireRequest: seq,
        answers: lefsAnswers(4),
        authoredAt: authoredAt.toISOString(),
      });
      return { dueAt, response: sent.success.response };
    };
    const early = await written(new Date(t.clock().getTime() - 30 * day));
    expect(early.response.authoredAt).toBe(early.dueAt);
    const late = await written(new Date(t.clock().getTime() + day));
    expect(late.response.authoredAt).toBe(late.response.receivedAt);
  });

  it('refuses answers to a version of the questionnaire no longer shipped, and keeps nothing', async () => {
    const schedule = (await sendLefsNow()).success.schedule;
    expect(
      (
        await t.app.db
          .select({ questionnaire: questionnaireSchedule.questionnaire })
          .from(questionnaireSchedule)
          .where(eq(questionnaireSchedule.seqQuestionnaireSchedule, schedule.seqQuestionnaireSchedule))
      )[0]?.questionnaire,
    ).toBe(`${lefs.questionnaire.url}|${lefs.questionnaire.version}`);
    await t.app.db
      .update(questionnaireSchedule)
      .set({ questionnaire: `${lefs.questionnaire.url}|1998` })
      .where(eq(questionnaireSchedule.seqQuestionnaireSchedule, schedule.seqQuestionnaireSchedule));
    const seq = schedule.openRequests[0]!.seqQuestionnaireRequest;
    const refused = await answer(seq, lefsAnswers(4));
    expect(refused.failure.failedCode).toBe('QN0004');
    expect(refused.failure.message).toBe(
      'This version of the questionnaire is no longer available: a newer one replaced it.',
    );
    expect(
      await t.app.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.seqQuestionnaireRequest, seq)),
    ).toEqual([]);
  });

  it('keeps a response once per key: a replay answers the first result and changes nothing', async () => {
    const seq = (await sendLefsNow()).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    const key = randomUUID();
    const first = (await answer(seq, lefsAnswers(4), key)).success.response;
    t.clock.advance(60_000);
    const replay = (await answer(seq, lefsAnswers(0), key)).success.response;
    expect(replay).toEqual(first);
    // A replay is on record once, naming the response first kept, as the contract's audit declares.
    const audit = await auditOf(member.seqUser, 'questionnaire_response');
    expect(audit.slice(-2).map((row) => [row.action, row.entityId, row.at.toISOString()])).toEqual([
      ['create', String(first.seqQuestionnaireResponse), first.receivedAt],
      ['create', String(first.seqQuestionnaireResponse), t.clock().toISOString()],
    ]);
    const kept = await t.app.db
      .select()
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.seqQuestionnaireRequest, seq));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ score: 80, idempotencyKey: key });
    const again = await answer(seq, lefsAnswers(2));
    expect(again.failure.failedCode).toBe('QN0001');
    // Two sends of one key at once: both answer the one response kept.
    const next = (await sendLefsNow()).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    const sameKey = randomUUID();
    const both = await Promise.all([answer(next, lefsAnswers(3), sameKey), answer(next, lefsAnswers(3), sameKey)]);
    expect(both[0].success.response).toEqual(both[1].success.response);
    const dueNow = (await as(member).call(listMyQuestionnaires, {})).success.questionnaireList;
    expect(dueNow.map((entry) => entry.seqQuestionnaireRequest)).not.toContain(seq);
  });

  it('supersedes a response with a reason and corrected answers: the original stays, marked; the baseline moves', async () => {
    const fresh = await verifiedPatient(t.app, t.mail);
    const freshRelation = await treat(fresh, clinician);
    const request = async () =>
      (await sendLefsNow(freshRelation)).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    // The app's own display of an option is not kept: the questionnaire's is.
    const typed = lefsAnswers(1).map((item) => ({
      ...item,
      answer: [{ valueCoding: { ...item.answer[0]!.valueCoding!, display: 'Typed by the app' } }],
    }));
    const baseline = (await answer(await request(), typed, randomUUID(), fresh)).success.response;
    t.clock.advance(day);
    for (const who of [clinician, other]) await relogin(t.app, who);
    await relogin(t.app, fresh);
    const later = (await answer(await request(), lefsAnswers(3), randomUUID(), fresh)).success.response;
    const before = (await as(clinician).call(listQuestionnaireResponses, { seqMedicalRelation: freshRelation }))
      .success;
    expect(before.instrumentList).toEqual([
      expect.objectContaining({
        instrument: { kind: 'shipped', key: 'lefs' },
        mcid: 9,
        direction: 'higherIsBetter',
        range: { min: 0, max: 80 },
        baseline: expect.objectContaining({
          seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
          score: 20,
        }) as unknown,
      }),
    ]);
    expect(before.responseList.map((entry) => [entry.score, entry.improvement, entry.improvedBeyondMcid])).toEqual([
      [20, 0, false],
      [60, 40, true],
    ]);

    expect(
      (
        await as(other).call(supersedeQuestionnaireResponse, {
          seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
          reason: 'Entered for the wrong knee',
        })
      ).status,
    ).toBe(404);
    const blank = await as(clinician).call(supersedeQuestionnaireResponse, {
      seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
      reason: ' ',
    });
    expect(blank.error.fields?.[0]).toMatchObject({ path: 'reason', code: 'validation.required' });

    const superseded = (
      await as(clinician).call(supersedeQuestionnaireResponse, {
        seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
        reason: 'The patient read the scale the wrong way round',
        answers: lefsAnswers(2),
      })
    ).success;
    expect(superseded.response).toMatchObject({
      score: 20,
      superseded: {
        by: superseded.replacement?.seqQuestionnaireResponse,
        clinicianName: 'Ada Lovelace',
        reason: 'The patient read the scale the wrong way round',
      },
    });
    expect(superseded.replacement).toMatchObject({
      score: 40,
      enteredBy: 'Ada Lovelace',
      supersedes: baseline.seqQuestionnaireResponse,
    });
    const again = await as(clinician).call(supersedeQuestionnaireResponse, {
      seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
      reason: 'Twice',
    });
    expect(again.failure.failedCode).toBe('QN0003');

    // The correction stands where the original stood: it is the baseline now, written when the original was.
    const after = (await as(clinician).call(listQuestionnaireResponses, { seqMedicalRelation: freshRelation })).success;
    expect(after.responseList).toHaveLength(3);
    expect(after.instrumentList[0]?.baseline).toMatchObject({
      score: 40,
      seqQuestionnaireResponse: superseded.replacement?.seqQuestionnaireResponse,
      authoredAt: baseline.authoredAt,
    });
    expect(superseded.replacement?.authoredAt).toBe(baseline.authoredAt);
    expect(superseded.replacement?.receivedAt).not.toBe(baseline.receivedAt);
    expect(after.responseList.map((entry) => [entry.seqQuestionnaireResponse, entry.improvement])).toEqual([
      [baseline.seqQuestionnaireResponse, null],
      [superseded.replacement?.seqQuestionnaireResponse, 0],
      [later.seqQuestionnaireResponse, 20],
    ]);
    const original = (
      await as(clinician).call(getQuestionnaireResponse, {
        seqQuestionnaireResponse: baseline.seqQuestionnaireResponse,
      })
    ).success;
    expect(original.questionnaireResponse).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: String(baseline.seqQuestionnaireResponse),
      status: 'completed',
      questionnaire: `${lefs.questionnaire.url}|${lefs.questionnaire.version}`,
    });
    expect(original.questionnaireResponse.item).toEqual(keptLefsAnswers(1));
    expect(
      (await as(other).call(getQuestionnaireResponse, { seqQuestionnaireResponse: baseline.seqQuestionnaireResponse }))
        .status,
    ).toBe(404);
    const audit = await auditOf(clinician.seqUser, 'questionnaire_response');
    expect(audit.slice(-4).map((row) => [row.action, row.entityId])).toEqual([
      ['update', String(baseline.seqQuestionnaireResponse)],
      ['create', String(superseded.replacement?.seqQuestionnaireResponse)],
      ['read', null],
      ['read', String(baseline.seqQuestionnaireResponse)],
    ]);
  });
});

describe('the questionnaire job', () => {
  it('mails a patient without push when a questionnaire is due, reminds after 2 days, and raises an alert after 7', async () => {
    await relogin(t.app, clinician);
    const late = await verifiedPatient(t.app, t.mail);
    const lateRelation = await treat(late, clinician);
    const seq = (await sendLefsNow(lateRelation)).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    let since = t.mail.messages.length;
    await t.app.jobs.tick();
    const due = await t.mail.next(late.email, since);
    expect(due.subject).toBe('A questionnaire to fill in');
    expect(due.text).toContain(`http://clinic.test/patient/?questionnaire=${seq}`);
    expect(due.text).not.toContain('Lower Extremity');

    t.clock.advance(2 * day);
    await relogin(t.app, clinician);
    await relogin(t.app, late);
    since = t.mail.messages.length;
    await t.app.jobs.tick();
    expect((await t.mail.next(late.email, since)).subject).toBe('Reminder: a questionnaire to fill in');

    t.clock.advance(5 * day);
    await relogin(t.app, clinician);
    await relogin(t.app, late);
    await t.app.jobs.tick();
    const alerts = (await as(clinician).call(listMonitoringAlerts, {})).success.alertList;
    expect(
      alerts.filter((alert) => alert.kind === 'questionnaireOverdue' && alert.seqMedicalRelation === lateRelation),
    ).toMatchObject([
      {
        reason: { kind: 'questionnaireOverdue', seqQuestionnaireRequest: seq, title: lefs.questionnaire.title },
        endedAt: null,
      },
    ]);
    const listed = (await as(late).call(listMyQuestionnaires, {})).success.questionnaireList;
    expect(listed).toEqual([expect.objectContaining({ seqQuestionnaireRequest: seq, state: 'overdue' })]);

    // Answered, the alert's episode ends at the next pass.
    void (await answer(seq, lefsAnswers(4), randomUUID(), late)).success;
    await t.app.jobs.tick();
    const [row] = await t.app.db
      .select()
      .from(questionnaireRequest)
      .where(eq(questionnaireRequest.seqQuestionnaireRequest, seq));
    expect(row).toMatchObject({
      overdueAt: expect.any(Date) as Date,
      seqQuestionnaireResponse: expect.any(Number) as number,
    });
    const after = (await as(clinician).call(listMonitoringAlerts, {})).success.alertList;
    expect(
      after.find((alert) => alert.kind === 'questionnaireOverdue' && alert.seqMedicalRelation === lateRelation),
    ).toMatchObject({
      endedAt: t.clock().toISOString(),
    });
  });

  it('mails the patient when their browser has dropped its push subscription (410)', async () => {
    await relogin(t.app, clinician);
    const gone = await verifiedPatient(t.app, t.mail);
    const goneRelation = await treat(gone, clinician);
    const browser = browserSubscription(push);
    void (await as(gone).call(updatePatientPushToken, { fcmToken: JSON.stringify(browser.subscription) })).success;
    const seq = (await sendLefsNow(goneRelation)).success.schedule.openRequests[0]!.seqQuestionnaireRequest;
    const since = t.mail.messages.length;
    push.status = 410;
    try {
      await t.app.jobs.tick();
      const mailed = await t.mail.next(gone.email, since);
      expect(mailed.subject).toBe('A questionnaire to fill in');
      expect(mailed.text).toContain(`http://clinic.test/patient/?questionnaire=${seq}`);
    } finally {
      push.status = 201;
    }
  });

  it('sends a questionnaire a day before each visit booked, by Web Push, follows a moved visit, and withdraws it with a cancelled visit', async () => {
    await relogin(t.app, clinician);
    const visitor = await verifiedPatient(t.app, t.mail);
    const visitorRelation = await treat(visitor, clinician);
    const browser = browserSubscription(push);
    const path = new URL(browser.subscription.endpoint).pathname;
    void (await as(visitor, 'cs').call(updatePatientPushToken, { fcmToken: JSON.stringify(browser.subscription) }))
      .success;
    const schedule = (
      await as(clinician).call(addQuestionnaireSchedule, {
        seqMedicalRelation: visitorRelation,
        instrument: { kind: 'shipped', key: 'koos-jr' },
        cadence: { kind: 'beforeVisit', hoursBefore: 24 },
      })
    ).success.schedule;
    expect(schedule.openRequests).toEqual([]);
    const book = async (daysAhead: number) => {
      const start = new Date(t.clock().getTime() + daysAhead * day);
      start.setUTCHours(9, 0, 0, 0);
      const booked = await as(clinician).call(createSchedule, {
        seqMedicalRelation: visitorRelation,
        scheduleExpectStartDatetime: start.toISOString().replace('.000Z', 'Z'),
        scheduleExpectProgressTime: '00:30:00',
        scheduleNote: null,
      });
      return { seqSchedule: booked.success.schedule.seqSchedule, start };
    };
    const soon = await book(5);
    const later = await book(10);
    await t.app.jobs.tick();
    const openOf = async () =>
      (await as(clinician).call(listQuestionnaireSchedules, { seqMedicalRelation: visitorRelation })).success
        .scheduleList[0]!.openRequests;
    expect((await openOf()).map((request) => [request.seqSchedule, request.dueAt, request.state])).toEqual([
      [soon.seqSchedule, new Date(soon.start.getTime() - day).toISOString(), 'scheduled'],
      [later.seqSchedule, new Date(later.start.getTime() - day).toISOString(), 'scheduled'],
    ]);

    // The visit moved two days earlier: its questionnaire, not sent yet, moves with it.
    soon.start = new Date(soon.start.getTime() - 2 * day);
    void (
      await as(clinician).call(updateNotStartedYetSchedule, {
        seqSchedule: soon.seqSchedule,
        scheduleExpectStartDatetime: soon.start.toISOString().replace('.000Z', 'Z'),
        scheduleExpectProgressTime: '00:30:00',
      })
    ).success;
    await t.app.jobs.tick();
    const open = await openOf();
    expect(open.map((request) => [request.seqSchedule, request.dueAt])).toEqual([
      [soon.seqSchedule, new Date(soon.start.getTime() - day).toISOString()],
      [later.seqSchedule, new Date(later.start.getTime() - day).toISOString()],
    ]);

    void (await as(clinician).call(cancelNotStartedYetSchedule, { seqSchedule: later.seqSchedule })).success;
    t.clock.advance(2 * day + 60_000);
    await relogin(t.app, clinician);
    await relogin(t.app, visitor);
    const since = t.mail.messages.length;
    await t.app.jobs.tick();
    const questionnairePushes = () =>
      push.received
        .filter((request) => request.path === path)
        .map((request) => patientPush.parse(browser.read(request.body)))
        .filter((message) => message.type.startsWith('questionnaire'));
    await expect.poll(() => questionnairePushes().length).toBe(1);
    expect(questionnairePushes()[0]).toMatchObject({
      type: 'questionnaireDue',
      title: 'Dotazník',
      body: 'Ada Lovelace vám poslal dotazník k vyplnění.',
      url: `/patient/?questionnaire=${open[0]!.seqQuestionnaireRequest}`,
    });
    expect(t.mail.messages.slice(since).filter((message) => message.to === visitor.email)).toEqual([]);
    const after = (await as(clinician).call(listQuestionnaireSchedules, { seqMedicalRelation: visitorRelation }))
      .success.scheduleList[0]!.openRequests;
    expect(after.map((request) => [request.seqSchedule, request.state])).toEqual([[soon.seqSchedule, 'due']]);
  });
});
