import {
  addClinicAssignedExercise,
  addMonitoringConsent,
  addMonitoringTime,
  completeSchedule,
  createMeeting,
  createSchedule,
  getMonitoringSheet,
  getPatientMonitoring,
  getReportConditions,
  joinMeeting,
  nextDate,
  removeMonitoringTime,
  setMonitoringStart,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  deviceSession,
  kneeProgram,
  relogin,
  verifiedClinician,
  verifiedPatient,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { admitToCall, registerMember } from '../../../test/realtime.ts';
import { auditEvent, monitoringTime } from '../../db/schema.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let seqMedicalRelation: number;
let seqExercise: number;

const as = <E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  who: { tokens: { accessToken: string } } = clinician,
) => callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });
const travelTo = async (iso: string) => {
  t.clock.advance(Date.parse(iso) - t.clock().getTime());
  for (const who of [clinician, other, member]) await relogin(t.app, who);
};
const monitoringIn = async (month: string, who = clinician) =>
  (await as(getPatientMonitoring, { seqMedicalRelation, month }, who)).success.monitoring;
const codesOf = (list: { code: string; units: number }[]) => list.map((code) => `${code.code}x${code.units}`);
const logTime = (date: string, minutes: number, interactive: boolean, who = clinician) =>
  as(
    addMonitoringTime,
    { seqMedicalRelation, date, minutes, activity: 'dataReview', interactive, note: 'Read the week' },
    who,
  );

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  seqMedicalRelation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken, 2);
  seqExercise = (await as(addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram })).success.exercise
    .seqExercise;
  // The patient consented to remote monitoring on the first day: every code counts.
  void (await as(addMonitoringConsent, { seqMedicalRelation, givenOn: '2026-11-22', method: 'written' })).success;
});
afterAll(() => t.close());

describe('monitoring billing: periods, minutes and codes', () => {
  it('counts the length of a completed video visit in its month, as an interactive communication', async () => {
    const seqSchedule = (
      await as(createSchedule, {
        seqMedicalRelation,
        scheduleExpectStartDatetime: '2026-11-22T10:00:00Z',
        scheduleExpectProgressTime: '00:30:00',
      })
    ).success.schedule.seqSchedule;
    await travelTo('2026-11-22T09:46:00Z');
    const meetingId = (await as(createMeeting, { seqSchedule })).success.Meeting.MeetingId;
    await admitToCall(
      { seqSchedule, meetingId },
      { app: t.app, token: member.tokens.accessToken },
      { app: t.app, token: clinician.tokens.accessToken },
    );
    expect((await as(joinMeeting, { seqSchedule }, member)).status).toBe(200);
    await travelTo('2026-11-22T10:20:00Z');
    const done = await as(completeSchedule, {
      seqSchedule,
      meetingId,
      startDatetime: '2026-11-22T09:46:10Z',
      progressTime: '00:25:30',
    });
    expect(done.status, done.text).toBe(200);

    // November is the month in progress: its minutes count, its management code is not earned yet.
    const november = (await monitoringIn('2026-11')).month;
    expect(november).toMatchObject({
      videoMinutes: 25,
      loggedMinutes: 0,
      minutes: 25,
      interactive: true,
      ongoing: true,
      codes: [],
    });
    expect((await as(getMonitoringSheet, { month: '2026-11' })).success.rows).toEqual([
      expect.objectContaining({ seqMedicalRelation, minutes: 25, ongoing: true, codes: [] }),
    ]);
  });

  it('cuts 30-day periods from the first device day, across a month boundary', async () => {
    await travelTo('2027-01-10T09:00:00Z');
    const days = [
      ...Array.from({ length: 16 }, (_, index) => nextDate('2026-11-22', index)),
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ];
    // Sent newest first and twice a day: days count once.
    const records = days
      .toReversed()
      .flatMap((date) =>
        [12, 18].map((hour) =>
          deviceSession(seqExercise, `${date}-${hour}`, `${date}T${String(hour).padStart(2, '0')}:00:00Z`),
        ),
      );
    const sent = await callApi(t.app, uploadExerciseRecords, { records }, { token: member.tokens.accessToken });
    expect(sent.status, sent.text).toBe(200);

    const december = await monitoringIn('2026-12');
    expect(december.startDate).toBe('2026-11-22');
    expect(december.startSetByClinician).toBe(false);
    expect(december.periods.map((period) => [period.startDate, period.endDate, period.days, period.ongoing])).toEqual([
      ['2026-11-22', '2026-12-21', 16, false],
      ['2026-12-22', '2027-01-20', 3, true],
    ]);
    // The period in progress has 3 days of data, enough for 98985 once it ends; it has earned nothing yet.
    expect(december.periods.map((period) => codesOf(period.codes))).toEqual([['98975x1', '98977x1'], []]);
    expect(december.month.ongoing).toBe(false);
    expect(december.month.deviceDays).toBe(10);
    expect(december.month.periods.map((period) => period.startDate)).toEqual(['2026-11-22']);
    expect(codesOf(december.month.codes)).toEqual(['98975x1', '98977x1']);
    expect(december.codeTable).toBe('us2026');
  });

  it('adds logged minutes to the month; they bill only with an interactive communication', async () => {
    const first = await logTime('2026-12-03', 12, false);
    expect(first.status, first.text).toBe(200);
    let december = (await monitoringIn('2026-12')).month;
    expect(december).toMatchObject({ videoMinutes: 0, loggedMinutes: 12, minutes: 12, interactive: false });
    expect(codesOf(december.codes)).toEqual(['98975x1', '98977x1']);

    const call = (await logTime('2026-12-20', 30, true)).success.entry;
    const monitoring = await monitoringIn('2026-12');
    expect(monitoring.entries.map((entry) => [entry.date, entry.minutes, entry.interactive])).toEqual([
      ['2026-12-03', 12, false],
      ['2026-12-20', 30, true],
    ]);
    expect(codesOf(monitoring.month.codes)).toEqual(['98975x1', '98977x1', '98980x1', '98981x1']);

    const removed = await as(removeMonitoringTime, { seqMonitoringTime: call.seqMonitoringTime });
    expect(removed.status).toBe(200);
    december = (await monitoringIn('2026-12')).month;
    expect(december).toMatchObject({ loggedMinutes: 12, interactive: false });
    expect((await as(removeMonitoringTime, { seqMonitoringTime: call.seqMonitoringTime })).status).toBe(404);

    const audit = await t.app.db
      .select({ action: auditEvent.action, entityId: auditEvent.entityId })
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'monitoring_time'), inArray(auditEvent.action, ['create', 'delete'])));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'create', entityId: String(call.seqMonitoringTime) },
        { action: 'delete', entityId: String(call.seqMonitoringTime) },
      ]),
    );
  });

  it('starts the periods on the day the clinician sets, and from the first device day again once cleared', async () => {
    expect((await as(setMonitoringStart, { seqMedicalRelation, startDate: '2026-11-25' })).status).toBe(200);
    let monitoring = await monitoringIn('2026-12');
    expect(monitoring).toMatchObject({ startDate: '2026-11-25', startSetByClinician: true });
    expect(monitoring.periods.map((period) => [period.startDate, period.days])).toEqual([
      ['2026-11-25', 13],
      ['2026-12-25', 3],
    ]);
    // The first period now ends on 24 December with 13 days of data.
    expect(codesOf(monitoring.month.codes)).toEqual(['98975x1', '98985x1']);
    expect((await as(setMonitoringStart, { seqMedicalRelation, startDate: null })).status).toBe(200);
    monitoring = await monitoringIn('2026-12');
    expect(monitoring).toMatchObject({ startDate: '2026-11-22', startSetByClinician: false });
  });

  it("lists the month's patients on the sheet, and the months in the report", async () => {
    const sheet = (await as(getMonitoringSheet, { month: '2026-12' })).success;
    expect(sheet.codeTable).toBe('us2026');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]).toMatchObject({ seqMedicalRelation, deviceDays: 10, minutes: 12 });
    expect(codesOf(sheet.rows[0]!.codes)).toEqual(['98975x1', '98977x1']);
    expect((await as(getMonitoringSheet, { month: '2026-10' })).success.rows).toEqual([]);

    const report = (
      await as(getReportConditions, { seqMedicalRelation, startDate: '2026-11-01', endDate: '2026-12-31' })
    ).success;
    expect(report.monitoring.months.map((month) => [month.month, month.minutes, codesOf(month.codes)])).toEqual([
      ['2026-11', 25, ['98980x1']],
      ['2026-12', 12, ['98975x1', '98977x1']],
    ]);
    expect(report.monitoring.periods.map((period) => period.startDate)).toEqual(['2026-11-22', '2026-12-22']);
  });

  it("answers another clinician's patient and time as missing, and shows them nothing", async () => {
    const entry = (await logTime('2026-12-04', 5, false)).success.entry;
    expect((await as(getPatientMonitoring, { seqMedicalRelation, month: '2026-12' }, other)).status).toBe(404);
    expect((await logTime('2026-12-04', 5, false, other)).status).toBe(404);
    expect((await as(removeMonitoringTime, { seqMonitoringTime: entry.seqMonitoringTime }, other)).status).toBe(404);
    expect((await as(setMonitoringStart, { seqMedicalRelation, startDate: '2026-11-25' }, other)).status).toBe(404);
    expect((await as(getMonitoringSheet, { month: '2026-12' }, other)).success.rows).toEqual([]);
    expect((await monitoringIn('2026-12')).month.loggedMinutes).toBe(17);
  });

  it('counts time on the message thread in the minutes, never as an interactive communication', async () => {
    const onThread = { seqMedicalRelation, date: '2027-01-05', activity: 'communication', note: '' } as const;
    const refused = await as(addMonitoringTime, { ...onThread, minutes: 25, interactive: true, source: 'messages' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('validation.messages_not_interactive');
    expect((await monitoringIn('2027-01')).entries).toEqual([]);

    const entry = (await as(addMonitoringTime, { ...onThread, minutes: 25, interactive: false, source: 'messages' }))
      .success.entry;
    expect(entry).toMatchObject({ minutes: 25, interactive: false, source: 'messages' });
    const january = (await monitoringIn('2027-01')).month;
    expect(january).toMatchObject({ loggedMinutes: 25, minutes: 25, interactive: false });
    expect(codesOf(january.codes).filter((code) => code.startsWith('9898'))).toEqual([]);
    // The database holds to it too, whatever writes the row.
    await expect(
      t.app.db
        .update(monitoringTime)
        .set({ interactive: true })
        .where(eq(monitoringTime.seqMonitoringTime, entry.seqMonitoringTime)),
    ).rejects.toThrow();
  });
});
