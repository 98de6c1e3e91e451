import { randomUUID } from 'node:crypto';
import {
  addClinicAssignedExercise,
  addSymptomReport,
  getMyProgram,
  listMySymptomReports,
  listSymptomReports,
  mySymptomReportsMax,
  symptomReportNotification,
  updateExerciseStatus,
  updateToken,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
  type SymptomReportNotification,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { careTeams, type Clinician, type Member } from '../../../test/care-teams.ts';
import { callApi, deviceSession, invalid, kneeProgram, relogin } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import {
  heardAllPublished,
  listenOnLoopback,
  openSocket,
  registerMember,
  type SocketClient,
} from '../../../test/realtime.ts';
import { auditEvent, symptomReport } from '../../db/schema.ts';

// The test clock starts on 2026-11-22 at 09:00 UTC, 18:00 in Seoul, where the patient lives.
const seoul = 'Asia/Seoul';
const day = 86_400_000;

/** The device type the patients' programs are for. */
const homeDevice = 2;

let t: TestApp;
let push: PushService;
let socketUrl: string;
let clinician: Clinician;
let other: Clinician;
let member: Member;
let stranger: Member;
/** The member's relation with the clinician, and with the other clinician; the stranger's with the other. */
let relation: number;
let otherRelation: number;
let strangerRelation: number;
/** The member's knee program (twice a day), the other clinician's (once a day), and one due on the 23rd (three a day). */
let knee: number;
let otherKnee: number;
let shortProgram: number;

const as = (who: { tokens: { accessToken: string } }) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en', timeZone: seoul }),
});

const treat = (who: Member, by: Clinician) =>
  registerMember(t.app, by.tokens.accessToken, who.tokens.accessToken, homeDevice);

async function prescribe(by: Clinician, seqMedicalRelation: number, changes: Partial<typeof kneeProgram> = {}) {
  const added = await as(by).call(addClinicAssignedExercise, {
    seqMedicalRelation,
    exercise: { ...kneeProgram, ...changes },
  });
  return added.success.exercise.seqExercise;
}

const reportsOf = (seqPatient: number) =>
  t.app.db.select().from(symptomReport).where(eq(symptomReport.seqPatient, seqPatient));
const auditOf = (seqUser: number, entity: string) =>
  t.app.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.seqUser, seqUser), eq(auditEvent.entity, entity)))
    .orderBy(auditEvent.id);

const report = (changes: Partial<RequestOf<typeof addSymptomReport>> = {}): RequestOf<typeof addSymptomReport> => ({
  idempotencyKey: randomUUID(),
  seqMedicalRelation: relation,
  painLevel: 4,
  symptoms: 'Stiff after the second session',
  reportedAt: '2026-11-26T08:00:00+09:00',
  ...changes,
});

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  socketUrl = await listenOnLoopback(t.app);
  ({ clinician, member, relation, other, stranger, strangerRelation } = await careTeams(t.app, t.mail, {
    other: { firstName: 'Grace', lastName: 'Hopper' },
    deviceType: homeDevice,
  }));
  otherRelation = await treat(member, other);
  knee = await prescribe(clinician, relation);
  shortProgram = await prescribe(clinician, relation, { frequency: 3, dueDate: '2026-11-23' });
  const ended = await prescribe(clinician, relation);
  void (await as(clinician).call(updateExerciseStatus, { seqExercise: ended, exerciseStatus: 1 })).success;
  const strangers = await prescribe(other, strangerRelation);
  // The other clinician's program starts on the 23rd at 16:00 UTC: already the 24th in Seoul.
  t.clock.advance(31 * 3_600_000);
  await relogin(t.app, other);
  otherKnee = await prescribe(other, otherRelation, { frequency: 1, direction: 1 });
  // Today is the 26th, 12:00 in Seoul.
  t.clock.advance(Date.parse('2026-11-26T03:00:00Z') - t.clock().getTime());
  await relogin(t.app, member);
  await relogin(t.app, stranger);
  const sessions = [
    deviceSession(shortProgram, 'dev-c-0001', '2026-11-22T12:00:00Z', {
      iuppiterUsageMinAngle: 15,
      iuppiterUsageMaxAngle: 70,
    }),
    // 23:30 on the 23rd and 00:30 on the 24th in Seoul: one UTC day, two of the patient's.
    deviceSession(knee, 'dev-k-0001', '2026-11-23T14:30:00Z', {
      iuppiterUsageMinAngle: 12.5,
      iuppiterUsageMaxAngle: 80,
    }),
    deviceSession(knee, 'dev-k-0002', '2026-11-23T15:30:00Z', { iuppiterUsageMinAngle: 20, iuppiterUsageMaxAngle: 90 }),
    deviceSession(knee, 'dev-k-0003', '2026-11-25T01:00:00Z', {
      iuppiterUsageMinAngle: 10,
      iuppiterUsageMaxAngle: 95,
      painLevel: 4,
    }),
    deviceSession(otherKnee, 'dev-o-0001', '2026-11-25T02:00:00Z', {
      iuppiterUsageMinAngle: 5,
      iuppiterUsageMaxAngle: 60,
      exerciseGuideDirection: 1,
    }),
    // Eight more of the knee program later that day (from 12:00 to 19:00 in Seoul).
    ...Array.from({ length: 8 }, (_, index) =>
      deviceSession(
        knee,
        `dev-k-${String(index + 4).padStart(4, '0')}`,
        `2026-11-25T${String(index + 3).padStart(2, '0')}:00:00Z`,
        {
          iuppiterUsageMinAngle: 11 + index,
          iuppiterUsageMaxAngle: 85,
        },
      ),
    ),
  ];
  const uploaded = await as(member).call(uploadExerciseRecords, { records: sessions });
  expect(uploaded.success.accepted).toBe(13);
  const strangerUpload = await as(stranger).call(uploadExerciseRecords, {
    records: [deviceSession(strangers, 'dev-s-0001', '2026-11-25T05:30:00Z', { iuppiterUsageMaxAngle: 30 })],
  });
  expect(strangerUpload.success.accepted).toBe(1);
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(async () => {
  for (const who of [clinician, other, member, stranger]) await relogin(t.app, who);
});

describe("the patient's program", () => {
  it('answers the open prescriptions of every clinician with their progress, in the patient’s days', async () => {
    const { prescriptions } = (await as(member).call(getMyProgram, {})).success;
    expect(prescriptions).toEqual([
      expect.objectContaining({
        seqExercise: knee,
        seqMedicalRelation: relation,
        managerName: 'Ada Lovelace',
        deviceType: 2,
        position: 3,
        direction: 2,
        sessionsPerDay: 2,
        exerciseStatus: 4,
        isPastDue: false,
        createdAt: '2026-11-22T09:00:00.000Z',
        // Eleven sessions; the 22nd to the 26th in Seoul, twice a day.
        sessionsDone: 11,
        sessionsDue: 10,
      }),
      // Due on the 23rd: the 22nd and the 23rd, three times a day.
      expect.objectContaining({ seqExercise: shortProgram, isPastDue: true, sessionsDone: 1, sessionsDue: 6 }),
      // Started on the 24th in Seoul (the 23rd in UTC): three days once a day.
      expect.objectContaining({
        seqExercise: otherKnee,
        seqMedicalRelation: otherRelation,
        managerName: 'Grace Hopper',
        direction: 1,
        sessionsPerDay: 1,
        sessionsDone: 1,
        sessionsDue: 3,
      }),
    ]);
  });

  it('answers the last sessions, newest first, and the range of motion per day, joint and side', async () => {
    const program = (await as(member).call(getMyProgram, {})).success;
    expect(program.recentSessions).toHaveLength(10);
    expect(program.recentSessions.map((session) => session.usageStartDatetime)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((hour) => `2026-11-25T${String(hour).padStart(2, '0')}:00:00.000Z`),
    );
    expect(program.recentSessions.at(-1)).toEqual({
      seqExerciseRecord: expect.any(Number) as number,
      seqExercise: knee,
      position: 3,
      direction: 2,
      usageStartDatetime: '2026-11-25T01:00:00.000Z',
      minAngle: 10,
      maxAngle: 95,
      durationSeconds: 1200,
      painLevel: 4,
    });
    expect(program.recentSessions.at(-2)).toMatchObject({ seqExercise: otherKnee, direction: 1, painLevel: null });
    expect(program.romDays).toEqual([
      { date: '2026-11-22', position: 3, direction: 2, minAngle: 15, maxAngle: 70 },
      { date: '2026-11-23', position: 3, direction: 2, minAngle: 12.5, maxAngle: 80 },
      { date: '2026-11-24', position: 3, direction: 2, minAngle: 20, maxAngle: 90 },
      { date: '2026-11-25', position: 3, direction: 1, minAngle: 5, maxAngle: 60 },
      { date: '2026-11-25', position: 3, direction: 2, minAngle: 10, maxAngle: 95 },
    ]);
  });

  it('counts sessions due up to the due date once it has passed, and reaches back a fixed number of days', async () => {
    // The 21st of February in Seoul: the chart starts on the 24th of November.
    t.clock.advance(Date.parse('2027-02-21T03:00:00Z') - t.clock().getTime());
    await relogin(t.app, member);
    const program = (await as(member).call(getMyProgram, {})).success;
    // The knee program was due on the 31st of January: 71 days from the 22nd of November, twice a day.
    expect(program.prescriptions.find((row) => row.seqExercise === knee)).toMatchObject({
      isPastDue: true,
      sessionsDue: 142,
    });
    expect(program.romDays.map((row) => row.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-25']);
    expect(program.recentSessions).toHaveLength(10);
  });

  it('shows only the caller’s own data, and records each read', async () => {
    const program = (await as(stranger).call(getMyProgram, {})).success;
    expect(program.prescriptions.map((row) => row.seqMedicalRelation)).toEqual([strangerRelation]);
    expect(program.recentSessions.map((row) => row.maxAngle)).toEqual([30]);
    expect(program.romDays).toEqual([expect.objectContaining({ date: '2026-11-25', maxAngle: 30 })]);
    const reads = await auditOf(stranger.seqUser, 'patient_program');
    expect(reads).toEqual([
      expect.objectContaining({ action: 'read', outcome: 'success', seqPatient: stranger.seqPatient }),
    ]);
  });
});

describe('symptom reports', () => {
  it('keeps a report once per key, at most at the time it arrived, and records it', async () => {
    const now = t.clock().toISOString();
    const sent = report({ reportedAt: '2030-01-01T00:00:00Z' });
    const first = (await as(member).call(addSymptomReport, sent)).success.symptomReport;
    expect(first).toEqual({
      seqSymptomReport: expect.any(Number) as number,
      seqMedicalRelation: relation,
      painLevel: 4,
      symptoms: 'Stiff after the second session',
      reportedAt: now,
      receivedAt: now,
    });
    const stored = (await reportsOf(member.seqPatient)).length;
    // Sent again later, even saying something else: the first report, and no other.
    t.clock.advance(60_000);
    const replay = await as(member).call(addSymptomReport, { ...sent, painLevel: 9, symptoms: 'Other' });
    expect(replay.success.symptomReport).toEqual(first);
    expect(await reportsOf(member.seqPatient)).toHaveLength(stored);
    const creates = await auditOf(member.seqUser, 'symptom_report');
    expect(creates.slice(-2)).toEqual([
      expect.objectContaining({
        action: 'create',
        outcome: 'success',
        entityId: String(first.seqSymptomReport),
        seqMedicalRelation: relation,
        seqPatient: member.seqPatient,
      }),
      expect.objectContaining({ action: 'create', entityId: String(first.seqSymptomReport) }),
    ]);
  });

  it('keeps one report when the same one is sent twice at once', async () => {
    const sent = report({ seqMedicalRelation: otherRelation, painLevel: 6 });
    const before = (await reportsOf(member.seqPatient)).length;
    const [one, two] = await Promise.all([
      as(member).call(addSymptomReport, sent),
      as(member).call(addSymptomReport, sent),
    ]);
    expect(one.success.symptomReport).toEqual(two.success.symptomReport);
    const rows = await reportsOf(member.seqPatient);
    expect(rows).toHaveLength(before + 1);
    expect(rows.filter((row) => row.idempotencyKey === sent.idempotencyKey)).toHaveLength(1);
    expect(one.success.symptomReport).toMatchObject({
      seqMedicalRelation: otherRelation,
      painLevel: 6,
      reportedAt: '2026-11-25T23:00:00.000Z',
    });
  });

  it('answers another patient’s relation exactly like a missing one, storing nothing', async () => {
    const before = (await reportsOf(member.seqPatient)).length;
    const foreign = await as(member).call(addSymptomReport, report({ seqMedicalRelation: strangerRelation }));
    const missing = await as(member).call(addSymptomReport, report({ seqMedicalRelation: 2_147_483_647 }));
    expect(foreign.status).toBe(404);
    expect(foreign.error).toEqual(missing.error);
    expect(await reportsOf(member.seqPatient)).toHaveLength(before);
    expect(await reportsOf(stranger.seqPatient)).toEqual([]);
    const denied = (await auditOf(member.seqUser, 'symptom_report')).filter((row) => row.outcome === 'denied');
    expect(denied.map((row) => row.seqMedicalRelation)).toEqual([strangerRelation, 2_147_483_647]);
  });

  it('refuses a pain level out of range and a key that is no UUID, naming the fields, storing nothing', async () => {
    const before = (await reportsOf(member.seqPatient)).length;
    const refused = await as(member).call(
      addSymptomReport,
      invalid({ ...report(), painLevel: 11, idempotencyKey: 'not-a-uuid' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.error.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'painLevel', code: 'validation.out_of_range' }),
        expect.objectContaining({ path: 'idempotencyKey', code: 'validation.invalid' }),
      ]),
    );
    const tooLong = await as(member).call(addSymptomReport, report({ symptoms: 'x'.repeat(5_000) }));
    expect(tooLong.status).toBe(400);
    expect(await reportsOf(member.seqPatient)).toHaveLength(before);
  });

  it('lists the patient’s own last reports, newest first, and records the read', async () => {
    const early = report({ reportedAt: '2026-11-20T08:00:00Z', symptoms: '  ' });
    void (await as(member).call(addSymptomReport, early)).success;
    const mine = (await as(member).call(listMySymptomReports, {})).success.symptomReportList;
    expect(mine.map((row) => row.reportedAt)).toEqual([
      '2027-02-21T03:00:00.000Z',
      '2026-11-25T23:00:00.000Z',
      '2026-11-20T08:00:00.000Z',
    ]);
    expect(mine.at(-1)).toMatchObject({ reportedAt: '2026-11-20T08:00:00.000Z', symptoms: null });
    expect((await as(stranger).call(listMySymptomReports, {})).success.symptomReportList).toEqual([]);
    expect(await auditOf(member.seqUser, 'symptom_report')).toContainEqual(
      expect.objectContaining({ action: 'read', seqPatient: member.seqPatient }),
    );

    // No more than the last fifty.
    const base = Date.parse('2026-10-01T00:00:00Z');
    await t.app.db.insert(symptomReport).values(
      Array.from({ length: mySymptomReportsMax }, (_, index) => ({
        seqMedicalRelation: relation,
        seqPatient: member.seqPatient,
        idempotencyKey: randomUUID(),
        painLevel: 1,
        reportedAt: new Date(base - index * day),
      })),
    );
    const capped = (await as(member).call(listMySymptomReports, {})).success.symptomReportList;
    expect(capped).toHaveLength(mySymptomReportsMax);
    expect(capped.slice(0, mine.length)).toEqual(mine);
  });

  it('lists a patient’s reports to their clinician, a page at a time, and no one else’s', async () => {
    const all = await reportsOf(member.seqPatient);
    const toClinician = all.filter((row) => row.seqMedicalRelation === relation).length;
    const page = await as(clinician).call(listSymptomReports, { seqMedicalRelation: relation, page: 2, size: 2 });
    const { symptomReportList, totalCount } = page.success;
    expect(totalCount).toBe(toClinician);
    const newest = (await as(clinician).call(listSymptomReports, { seqMedicalRelation: relation, page: 1, size: 4 }))
      .success.symptomReportList;
    expect(symptomReportList).toEqual(newest.slice(2, 4));
    expect(newest.every((row) => row.seqMedicalRelation === relation)).toBe(true);
    const others = (await as(other).call(listSymptomReports, { seqMedicalRelation: otherRelation, page: 1, size: 20 }))
      .success;
    expect(others.symptomReportList.map((row) => row.painLevel)).toEqual([6]);

    const foreign = await as(other).call(listSymptomReports, { seqMedicalRelation: relation, page: 1, size: 20 });
    const missing = await as(other).call(listSymptomReports, {
      seqMedicalRelation: 2_147_483_647,
      page: 1,
      size: 20,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error).toEqual(missing.error);
    expect(await auditOf(clinician.seqUser, 'symptom_report')).toEqual([
      expect.objectContaining({ action: 'read', outcome: 'success', seqMedicalRelation: relation }),
      expect.objectContaining({ action: 'read', outcome: 'success', seqMedicalRelation: relation }),
    ]);
    expect(
      (await auditOf(other.seqUser, 'symptom_report')).map((row) => [row.outcome, row.seqMedicalRelation]),
    ).toEqual([
      ['success', otherRelation],
      ['denied', relation],
      ['denied', 2_147_483_647],
    ]);
  });
});

describe('a new symptom report', () => {
  /** A clinician's open tab and browser, as a patient sends a report. */
  async function clinicianListening(who: Clinician): Promise<{ tab: SocketClient; pushes: () => unknown[] }> {
    const browser = browserSubscription(push);
    void (await as(who).call(updateToken, { fcmToken: JSON.stringify(browser.subscription) })).success;
    const tab = await openSocket(socketUrl, who.tokens.accessToken);
    const path = new URL(browser.subscription.endpoint).pathname;
    return {
      tab,
      pushes: () =>
        push.received.filter((request) => request.path === path).map((request) => browser.read(request.body)),
    };
  }

  const heardIn = async (who: Clinician, tab: SocketClient): Promise<SymptomReportNotification[]> => {
    await heardAllPublished(t.app.bus, who.seqUser, tab);
    return tab.messages.flatMap((message) => (message.type === 'symptomReport' ? [message.notification] : []));
  };

  it('tells the clinician it was sent to, by socket and browser, once however often it is sent', async () => {
    const mine = await clinicianListening(clinician);
    const theirs = await clinicianListening(other);
    push.received.length = 0;
    const sent = report({ symptoms: 'Swollen after the stairs', painLevel: 8 });
    const stored = (await as(member).call(addSymptomReport, sent)).success.symptomReport;
    // Replayed (its reply was lost on the way back), then sent twice at once: kept and told once.
    void (await as(member).call(addSymptomReport, sent)).success;
    await Promise.all([as(member).call(addSymptomReport, sent), as(member).call(addSymptomReport, sent)]);

    const heard = await heardIn(clinician, mine.tab);
    expect(heard).toEqual([
      {
        key: expect.any(String) as string,
        seqSymptomReport: stored.seqSymptomReport,
        seqMedicalRelation: relation,
        patientName: 'Pat Member',
        time: t.clock().toISOString(),
      },
    ]);
    // The browser is sent the same notification, and nothing of what the patient reported.
    expect(mine.pushes().map((body) => symptomReportNotification.parse(body))).toEqual(heard);
    expect(JSON.stringify(mine.pushes())).not.toContain('Swollen');
    expect(await heardIn(other, theirs.tab)).toEqual([]);
    expect(theirs.pushes()).toEqual([]);

    // A report to the other clinician reaches them, and not the first.
    const toOther = (await as(member).call(addSymptomReport, report({ seqMedicalRelation: otherRelation }))).success
      .symptomReport;
    expect((await heardIn(other, theirs.tab)).map((notification) => notification.seqSymptomReport)).toEqual([
      toOther.seqSymptomReport,
    ]);
    expect(theirs.pushes()).toHaveLength(1);
    expect(await heardIn(clinician, mine.tab)).toHaveLength(1);
    expect(mine.pushes()).toHaveLength(1);
    mine.tab.close();
    theirs.tab.close();
  });

  it('tells no one of a report refused for another patient’s relation', async () => {
    const theirs = await clinicianListening(other);
    push.received.length = 0;
    const refused = await as(member).call(addSymptomReport, report({ seqMedicalRelation: strangerRelation }));
    expect(refused.status).toBe(404);
    expect(await heardIn(other, theirs.tab)).toEqual([]);
    expect(push.received).toEqual([]);
    theirs.tab.close();
  });
});
