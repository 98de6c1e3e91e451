import {
  FailedCode,
  acknowledgeMonitoringAlert,
  addClinicAssignedExercise,
  getMedicalRecord,
  getMonitoringSettings,
  listMonitoringAlerts,
  monitoringDefaults,
  saveMonitoringSettings,
  snoozeMonitoringAlert,
  updateToken,
  uploadExerciseRecords,
  type AlertNotification,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  deviceSession,
  invalid,
  kneeProgram,
  relogin,
  verifiedClinician,
  verifiedPatient,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { listenOnLoopback, openSocket, registerMember, type SocketClient } from '../../../test/realtime.ts';
import { auditEvent, monitoringAlert } from '../../db/schema.ts';

const day = 86_400_000;
let t: TestApp;
let push: PushService;
let socketUrl: string;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let seqMedicalRelation: number;
let seqExercise: number;
/** When the prescription was made: the sessions of day n start n days after it. */
let start: number;

const as = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, who = clinician) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });

/** Moves the clock to the given day after the prescription and signs everyone in again. */
async function toDay(n: number): Promise<void> {
  t.clock.advance(start + n * day - t.clock().getTime());
  for (const who of [clinician, other, member]) await relogin(t.app, who);
}

/** The device's two sessions of day n, each reaching the given angle. */
function sessionsOf(n: number, maxAngle: number, overrides: Parameters<typeof deviceSession>[3] = {}) {
  return [2, 5].map((hour) =>
    deviceSession(
      seqExercise,
      `day-${n}-${hour}-${maxAngle}`,
      new Date(start + n * day + hour * 3_600_000).toISOString(),
      {
        iuppiterUsageMaxAngle: maxAngle,
        patientReview: null,
        ...overrides,
      },
    ),
  );
}

async function upload(records: ReturnType<typeof sessionsOf>): Promise<void> {
  const answer = await callApi(t.app, uploadExerciseRecords, { records }, { token: member.tokens.accessToken });
  expect(answer.status, answer.text).toBe(200);
}

const alerts = async (who = clinician) => (await as(listMonitoringAlerts, {}, who)).success.alertList;
const stored = () =>
  t.app.db.select().from(monitoringAlert).where(eq(monitoringAlert.seqMedicalRelation, seqMedicalRelation));
const episodes = async (kind: string) => (await stored()).filter((alert) => alert.kind === kind);

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  socketUrl = await listenOnLoopback(t.app);
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  seqMedicalRelation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken, 2);
  seqExercise = (await as(addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram })).success.exercise
    .seqExercise;
  start = t.clock().getTime();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('alert thresholds', () => {
  it('starts at the defaults, keeps each clinician their own, and refuses a value out of range', async () => {
    expect((await as(getMonitoringSettings, {})).success.settings).toEqual(monitoringDefaults);
    const mine = { ...monitoringDefaults, painLevel: 6, romDropDegrees: 8 };
    expect((await as(saveMonitoringSettings, mine)).success.settings).toEqual(mine);
    expect((await as(getMonitoringSettings, {})).success.settings).toEqual(mine);
    expect((await as(getMonitoringSettings, {}, other)).success.settings).toEqual(monitoringDefaults);
    const refused = await as(saveMonitoringSettings, invalid({ ...mine, painLevel: 11 }));
    expect(refused.status).toBe(400);
    expect((await as(getMonitoringSettings, {})).success.settings).toEqual(mine);
  });
});

describe('alerts from device data', () => {
  it('raises nothing while the patient exercises steadily, whatever order the records arrive in', async () => {
    for (let n = 0; n < 14; n += 2) {
      await toDay(n + 2);
      // Two days at once, the later day first: late and out of order.
      await upload([...sessionsOf(n + 1, 100), ...sessionsOf(n, 100)]);
      await t.app.jobs.tick();
    }
    expect(await stored()).toEqual([]);
    expect(await alerts()).toEqual([]);
  });

  it('raises a regression and a pain report once per episode, however often the job runs, and tells the clinician', async () => {
    const browser = browserSubscription(push);
    let tab: SocketClient | undefined;
    for (let n = 14; n < 18; n++) {
      await toDay(n + 1);
      if (n === 17) {
        // The clinician's open tab and browser, as the new alerts are raised.
        tab = await openSocket(socketUrl, clinician.tokens.accessToken);
        await as(updateToken, { fcmToken: JSON.stringify(browser.subscription) });
        push.received.length = 0;
      }
      await upload(sessionsOf(n, 88, n === 17 ? { painLevel: 6, patientReview: 'Sore knee' } : {}));
      await t.app.jobs.tick();
      await t.app.jobs.tick();
    }
    expect(await episodes('romRegression')).toHaveLength(1);
    expect(await episodes('pain')).toHaveLength(1);

    const heard = (): AlertNotification[] =>
      (tab?.messages ?? []).flatMap((message) => (message.type === 'alert' ? [message.notification] : []));
    await tab?.waitFor(() => heard().length >= 2);
    const raised = [...(await episodes('pain')), ...(await episodes('romRegression'))];
    const expected = raised.map((alert): unknown =>
      expect.objectContaining({
        seqMonitoringAlert: alert.seqMonitoringAlert,
        seqMedicalRelation,
        alertKind: alert.kind,
        patientName: 'Pat Member',
      }),
    );
    const byKind = (list: AlertNotification[]) => list.sort((a, b) => a.alertKind.localeCompare(b.alertKind));
    expect(byKind(heard())).toEqual(expected);
    expect(byKind(push.received.map((request) => browser.read(request.body) as AlertNotification))).toEqual(expected);
    tab?.close();
    const list = await alerts();
    // The most severe first: pain before the regression.
    expect(list.map((alert) => alert.kind)).toEqual(['pain', 'romRegression']);
    expect(list[1]).toMatchObject({
      seqMedicalRelation,
      state: 'open',
      endedAt: null,
      reason: { kind: 'romRegression', position: 3, direction: 2, end: 'max', previousMedian: 100, recentMedian: 88 },
    });
    expect(list[0]?.reason).toMatchObject({ kind: 'pain', level: 6 });
  });

  it('shows another clinician nothing, and answers their id like a missing one', async () => {
    expect(await alerts(other)).toEqual([]);
    const [alert] = await alerts();
    const id = alert?.seqMonitoringAlert ?? 0;
    const theirs = await as(acknowledgeMonitoringAlert, { seqMonitoringAlert: id }, other);
    const missing = await as(acknowledgeMonitoringAlert, { seqMonitoringAlert: id + 100_000 });
    expect(theirs.failedCode).toBe(FailedCode.NotFound);
    expect({ status: theirs.status, body: theirs.text }).toEqual({ status: missing.status, body: missing.text });
    expect((await as(snoozeMonitoringAlert, { seqMonitoringAlert: id, days: 1 }, other)).failedCode).toBe(
      FailedCode.NotFound,
    );
    expect((await alerts()).map((one) => one.state)).toEqual(['open', 'open']);
  });

  it('takes an acknowledged alert off the list with its note, and brings a snoozed one back when due', async () => {
    const [pain, regression] = await alerts();
    const acknowledged = await as(acknowledgeMonitoringAlert, {
      seqMonitoringAlert: pain?.seqMonitoringAlert ?? 0,
      note: 'Called the patient; lower the strength',
    });
    expect(acknowledged.success.alert).toMatchObject({
      state: 'acknowledged',
      note: 'Called the patient; lower the strength',
    });
    const snoozed = await as(snoozeMonitoringAlert, {
      seqMonitoringAlert: regression?.seqMonitoringAlert ?? 0,
      days: 1,
    });
    expect(snoozed.success.alert.state).toBe('snoozed');
    expect(await alerts()).toEqual([]);
    const audited = await t.app.db
      .select()
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.entity, 'monitoring_alert'),
          eq(auditEvent.action, 'update'),
          eq(auditEvent.seqMedicalRelation, seqMedicalRelation),
        ),
      );
    expect(audited.filter((row) => row.outcome === 'success')).toHaveLength(2);
    // The note is in the patient's medical record, as the clinician's own note.
    const record = (await as(getMedicalRecord, { seqMedicalRelation })).success.record;
    expect(record.filter((item) => item.kind === 'note').map((item) => item.note)).toContainEqual(
      expect.objectContaining({
        noteTitle: 'Alert acknowledged: pain',
        noteContent: 'Called the patient; lower the strength',
      }),
    );
    // A snooze leaves no note.
    expect(record.filter((item) => item.kind === 'note')).toHaveLength(1);

    await toDay(19);
    await upload(sessionsOf(18, 88));
    await t.app.jobs.tick();
    expect((await alerts()).map((alert) => [alert.kind, alert.state])).toEqual([['romRegression', 'snoozed']]);
    // Acknowledged stays acknowledged while the pain episode lasts: not raised again.
    expect(await episodes('pain')).toHaveLength(1);
  });

  it('ends episodes on recovery and raises new ones when the condition comes back', async () => {
    // Back to full range for a week: the regression ends.
    for (let n = 19; n < 26; n++) {
      await toDay(n + 1);
      await upload(sessionsOf(n, 100));
      await t.app.jobs.tick();
    }
    const [regression] = await episodes('romRegression');
    expect(regression?.endedAt).not.toBeNull();
    expect((await episodes('pain'))[0]?.endedAt).not.toBeNull();
    // Then three days without data: no data, and too few sessions for the week.
    await toDay(29);
    await t.app.jobs.tick();
    await t.app.jobs.tick();
    expect((await alerts()).map((alert) => alert.kind)).toEqual(['romRegression', 'noData', 'lowAdherence']);
    expect((await episodes('noData'))[0]?.reason).toMatchObject({ kind: 'noData', days: 3 });
    expect((await episodes('lowAdherence'))[0]?.reason).toMatchObject({ sessionsDone: 8, sessionsPrescribed: 14 });
    // Data again ends the no-data episode; a new silence is a new episode.
    await upload(sessionsOf(29, 100).map((session) => ({ ...session, usageStartDatetime: t.clock().toISOString() })));
    await t.app.jobs.tick();
    await toDay(33);
    await t.app.jobs.tick();
    const noData = await episodes('noData');
    expect(noData).toHaveLength(2);
    expect(noData.filter((alert) => alert.endedAt === null)).toHaveLength(1);
  });
});
