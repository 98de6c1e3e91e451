import { eq } from 'drizzle-orm';
import {
  FailedCode,
  PushType,
  ScheduleStatus,
  type Notification,
  type ServerMessage,
  uploadSymptomPhoto,
  addManagerNote,
  addPatientNoAuth,
  bookSchedule,
  cancelMySchedule,
  cancelNotStartedYetSchedule,
  createSchedule,
  getAllScheduleByRangeForClinic,
  getListAndLatestDoneSchedule,
  getMedicalRecord,
  getMyClinicians,
  getMyPatients,
  getReservableSlots,
  getReservableTimeline,
  listMySchedules,
  saveScheduleNote,
  updateNotStartedYetSchedule,
  updateReservableTimeline,
  updateScheduleSymptoms,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  onePixelPng,
  relogin,
  uploadFile,
  verifiedClinician,
  verifiedPatient,
  callApi,
  invalid,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { schedule } from '../../db/schema.ts';
import { userChannel } from '../../realtime/bus.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC, 10:00 in Prague.
const prague = 'Europe/Prague';
const seoul = 'Asia/Seoul';
const minute = 60_000;

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let secondMember: Awaited<ReturnType<typeof verifiedPatient>>;
/** The member's relation with the clinician, and with the other clinician. */
let relation: number;
let otherRelation: number;
let secondRelation: number;
let nonMember: number;
const heard = new Map<number, ServerMessage[]>();

type Caller = { tokens: { accessToken: string } };
const as = (who: Caller, timeZone = prague) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken, timeZone }),
});

const register = (owner: Caller, patient: Caller): Promise<number> =>
  registerMember(t.app, owner.tokens.accessToken, patient.tokens.accessToken);

async function listen(seqUser: number): Promise<void> {
  heard.set(seqUser, []);
  await t.app.bus.subscribe(userChannel(seqUser), (message) => heard.get(seqUser)?.push(message as ServerMessage));
}
const notificationsTo = (seqUser: number): Notification[] =>
  (heard.get(seqUser) ?? []).flatMap((message) => (message.type === 'notification' ? [message.notification] : []));
const pushesTo = (seqUser: number): number[] => notificationsTo(seqUser).map((item) => item.pushType);
const schedulesChangedTold = (seqUser: number): number =>
  (heard.get(seqUser) ?? []).filter((message) => message.type === 'schedulesChanged').length;

const visit = (overrides: Partial<RequestOf<typeof createSchedule>> = {}): RequestOf<typeof createSchedule> => ({
  seqMedicalRelation: relation,
  scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00',
  scheduleExpectProgressTime: '00:30:00',
  scheduleNote: 'Check the knee before the next program',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  secondMember = await verifiedPatient(t.app, t.mail);
  relation = await register(clinician, member);
  otherRelation = await register(other, member);
  secondRelation = await register(clinician, secondMember);
  nonMember = (
    await as(clinician).call(addPatientNoAuth, {
      patientName: 'Nora Offline',
      patientInfoBirth: '1958-03-01',
      patientInfoGender: 'F',
      heightCm: 160,
      weightKg: 55,
      deviceType: 1,
    })
  ).success.seqMedicalRelation;
  for (const who of [clinician, other, member, secondMember]) await listen(who.seqUser);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [clinician, other, member, secondMember]) await relogin(t.app, who);
});

describe('a clinician books, moves and cancels a visit', () => {
  it('creates a visit in a start slot, shows it in the caller’s time zone and tells the patient', async () => {
    const reply = await as(clinician).call(createSchedule, visit());
    expect(reply.status).toBe(200);
    expect(reply.success.schedule).toMatchObject({
      seqMedicalRelation: relation,
      patientName: 'Pat Member',
      isAppMember: true,
      scheduleStatus: ScheduleStatus.waiting,
      scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00',
      scheduleExpectEndDatetime: '2026-11-23T10:30:00+01:00',
      scheduleExpectProgressTime: '00:30:00',
      scheduleNote: 'Check the knee before the next program',
      bookedBy: 'clinician',
    });
    expect(pushesTo(member.seqUser)).toContain(PushType.bookedByClinician);
    // The clinician's other tabs are told to read their visits again.
    expect(schedulesChangedTold(clinician.seqUser)).toBe(1);

    // The same instant, read from Seoul.
    const seen = await as(clinician, seoul).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-23',
      endDate: '2026-11-23',
    });
    expect(seen.success.scheduleList).toEqual([
      expect.objectContaining({ scheduleExpectStartDatetime: '2026-11-23T18:00:00+09:00' }),
    ]);
    const later = await as(clinician).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-24',
      endDate: '2026-11-30',
    });
    expect(later.success.scheduleList).toEqual([]);
  });

  it('lists today’s waiting visits beside each patient in the patient list', async () => {
    const today = (
      await as(clinician).call(
        createSchedule,
        visit({ scheduleExpectStartDatetime: '2026-11-22T18:00:00+01:00', scheduleExpectProgressTime: '00:15:00' }),
      )
    ).success.schedule;
    const list = await as(clinician).call(getMyPatients, {});
    const row = list.success.patientList.find((item) => item.seqMedicalRelation === relation);
    expect(row?.reservedSchedules).toEqual([
      { seqSchedule: today.seqSchedule, scheduleExpectStartDatetime: '2026-11-22T18:00:00+01:00' },
    ]);
  });

  it('refuses times off the grid, outside 07:00-20:45, other lengths, and a patient who is not in the app', async () => {
    for (const [field, value] of [
      ['scheduleExpectStartDatetime', '2026-11-24T10:05:00+01:00'],
      ['scheduleExpectStartDatetime', '2026-11-24T06:45:00+01:00'],
      ['scheduleExpectStartDatetime', '2026-11-24T21:00:00+01:00'],
      ['scheduleExpectStartDatetime', '2026-11-24 10:00'],
      ['scheduleExpectProgressTime', '00:20:00'],
    ] as const) {
      const reply = await as(clinician).call(createSchedule, visit({ [field]: invalid(value) }));
      expect(reply.status, value).toBe(400);
      expect(reply.error.fields?.[0]?.path).toBe(field);
    }
    // 20:45 in Prague is a slot even when the caller's clock reads it as another zone's time.
    const lastSlot = await as(clinician).call(
      createSchedule,
      visit({ scheduleExpectStartDatetime: '2026-11-24T19:45:00Z', scheduleExpectProgressTime: '00:15:00' }),
    );
    expect(lastSlot.success.schedule).toMatchObject({ scheduleExpectStartDatetime: '2026-11-24T20:45:00+01:00' });
    const offline = await as(clinician).call(createSchedule, visit({ seqMedicalRelation: nonMember }));
    expect(offline.failedCode).toBe(FailedCode.NotAppMember);
  });

  it('refuses the past, and overlaps for the clinician and for the patient with another clinician', async () => {
    const past = await as(clinician).call(
      createSchedule,
      visit({ scheduleExpectStartDatetime: '2026-11-22T09:45:00+01:00' }),
    );
    expect(past.failedCode).toBe(FailedCode.SchedulePast);
    const clinicianBusy = await as(clinician).call(
      createSchedule,
      visit({ seqMedicalRelation: secondRelation, scheduleExpectStartDatetime: '2026-11-23T10:15:00+01:00' }),
    );
    expect(clinicianBusy.failedCode).toBe(FailedCode.ScheduleOverlap);
    const patientBusy = await as(other).call(
      createSchedule,
      visit({ seqMedicalRelation: otherRelation, scheduleExpectStartDatetime: '2026-11-23T10:15:00+01:00' }),
    );
    expect(patientBusy.failedCode).toBe(FailedCode.PatientScheduleOverlap);
    // Back to back is not an overlap.
    const next = await as(clinician).call(
      createSchedule,
      visit({ seqMedicalRelation: secondRelation, scheduleExpectStartDatetime: '2026-11-23T10:30:00+01:00' }),
    );
    expect(next.reply.isSuccess).toBe(true);
  });

  it('moves a waiting visit, refuses no change, the past and overlaps, then cancels it once', async () => {
    const created = (
      await as(clinician).call(
        createSchedule,
        visit({ scheduleExpectStartDatetime: '2026-11-25T08:00:00+01:00', scheduleNote: null }),
      )
    ).success.schedule;
    const seqSchedule = created.seqSchedule;
    const change = (overrides: Partial<RequestOf<typeof updateNotStartedYetSchedule>>) =>
      as(clinician).call(updateNotStartedYetSchedule, {
        seqSchedule,
        scheduleExpectStartDatetime: '2026-11-25T08:00:00+01:00',
        scheduleExpectProgressTime: '00:30:00',
        ...overrides,
      });
    expect((await change({})).failedCode).toBe(FailedCode.ScheduleUnchanged);
    expect((await change({ scheduleExpectStartDatetime: '2026-11-22T08:00:00+01:00' })).failedCode).toBe(
      FailedCode.SchedulePastOnUpdate,
    );
    expect((await change({ scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00' })).failedCode).toBe(
      FailedCode.ScheduleOverlapOnUpdate,
    );
    const before = pushesTo(member.seqUser).length;
    const moved = await change({
      scheduleExpectStartDatetime: '2026-11-25T09:15:00+01:00',
      scheduleExpectProgressTime: '01:00:00',
    });
    expect(moved.success.schedule).toMatchObject({
      scheduleExpectStartDatetime: '2026-11-25T09:15:00+01:00',
      scheduleExpectEndDatetime: '2026-11-25T10:15:00+01:00',
      scheduleExpectProgressTime: '01:00:00',
    });
    expect(pushesTo(member.seqUser).slice(before)).toEqual([PushType.bookedByClinician]);
    // Only the note changes: that is a change too.
    expect(
      (
        await change({
          scheduleExpectStartDatetime: '2026-11-25T09:15:00+01:00',
          scheduleExpectProgressTime: '01:00:00',
          scheduleNote: 'Bring the brace',
        })
      ).success.schedule,
    ).toMatchObject({ scheduleNote: 'Bring the brace' });

    const cancelled = await as(clinician).call(cancelNotStartedYetSchedule, { seqSchedule });
    expect(cancelled.success.schedule).toMatchObject({ scheduleStatus: ScheduleStatus.cancelledByClinician });
    expect(pushesTo(member.seqUser).at(-1)).toBe(PushType.cancelledByClinician);
    expect((await as(clinician).call(cancelNotStartedYetSchedule, { seqSchedule })).failedCode).toBe(
      FailedCode.ScheduleNotWaiting,
    );
    expect((await change({ scheduleExpectStartDatetime: '2026-11-26T09:15:00+01:00' })).failedCode).toBe(
      FailedCode.ScheduleNotWaiting,
    );
    // The cancelled visit no longer holds its time.
    const again = await as(clinician).call(
      createSchedule,
      visit({ scheduleExpectStartDatetime: '2026-11-25T09:15:00+01:00' }),
    );
    expect(again.reply.isSuccess).toBe(true);
  });

  it('keeps the visit note with its importance, and shows the latest completed visit of a patient', async () => {
    const created = (
      await as(clinician).call(
        createSchedule,
        visit({ seqMedicalRelation: secondRelation, scheduleExpectStartDatetime: '2026-11-27T15:00:00+01:00' }),
      )
    ).success.schedule;
    const seqSchedule = created.seqSchedule;
    await t.app.db
      .update(schedule)
      .set({ status: ScheduleStatus.completed, startedAt: new Date('2026-11-27T14:01:00Z'), progressSeconds: 1712 })
      .where(eq(schedule.seqSchedule, seqSchedule));
    const note = 'x'.repeat(4095);
    const saved = await as(clinician).call(saveScheduleNote, {
      seqSchedule,
      scheduleNote: note,
      isNoteImportant: true,
    });
    expect(saved.reply).toMatchObject({ isSuccess: true, data: { isSuccess: true } });
    const tooLong = await as(clinician).call(saveScheduleNote, {
      seqSchedule,
      scheduleNote: `${note}x`,
    });
    expect(tooLong.status).toBe(400);

    const list = await as(clinician).call(getListAndLatestDoneSchedule, {
      seqMedicalRelation: secondRelation,
    });
    const body = list.success;
    expect(body.latestDoneSchedule).toMatchObject({
      seqSchedule,
      scheduleStatus: ScheduleStatus.completed,
      scheduleNote: note,
      isNoteImportant: true,
      scheduleStartDatetime: '2026-11-27T15:01:00+01:00',
      scheduleProgressTime: '00:28:32',
    });
    expect(body.scheduleList.map((item) => item.scheduleExpectStartDatetime)).toEqual(
      [...body.scheduleList.map((item) => item.scheduleExpectStartDatetime)].sort().reverse(),
    );
  });

  it('reads an alias of a time zone as the zone, and refuses a zone it does not know', async () => {
    const range = { startDate: '2026-11-23', endDate: '2026-11-23' };
    const kolkata = await as(clinician, 'Asia/Kolkata').call(getAllScheduleByRangeForClinic, range);
    expect(kolkata.success.scheduleList).toContainEqual(
      expect.objectContaining({ scheduleExpectStartDatetime: '2026-11-23T14:30:00+05:30' }),
    );
    for (const zone of ['Mars/Olympus_Mons', '+05:00', 'UTC; DROP TABLE schedule']) {
      const refused = await as(clinician, zone).call(getAllScheduleByRangeForClinic, range);
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({ fields: [{ path: 'x-time-zone', code: 'validation.time_zone' }] });
    }
  });

  it('looks up at most 3650 days and never backwards', async () => {
    const tooLong = await as(clinician).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-22',
      endDate: '2036-11-20',
    });
    expect(tooLong.status).toBe(400);
    const longest = await as(clinician).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-22',
      endDate: '2036-11-19',
    });
    expect(longest.status).toBe(200);
    const backwards = await as(clinician).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-23',
      endDate: '2026-11-22',
    });
    expect(backwards.status).toBe(400);
  });

  it('never lets another clinician or patient see or change a visit', async () => {
    const { seqSchedule } = (
      await as(clinician).call(createSchedule, visit({ scheduleExpectStartDatetime: '2026-11-30T07:00:00+01:00' }))
    ).success.schedule as { seqSchedule: number };
    const attempts = [
      as(other).call(updateNotStartedYetSchedule, {
        seqSchedule,
        scheduleExpectStartDatetime: '2026-11-30T08:00:00+01:00',
        scheduleExpectProgressTime: '00:30:00',
      }),
      as(other).call(cancelNotStartedYetSchedule, { seqSchedule }),
      as(other).call(saveScheduleNote, { seqSchedule, scheduleNote: 'mine now' }),
      as(other).call(getListAndLatestDoneSchedule, { seqMedicalRelation: relation }),
      as(other).call(createSchedule, visit()),
      as(secondMember).call(cancelMySchedule, { seqSchedule }),
      as(secondMember).call(updateScheduleSymptoms, {
        seqSchedule,
        scheduleSymptoms: 'not mine',
        schedulePhotoList: [],
      }),
      as(secondMember).call(getReservableSlots, {
        seqMedicalRelation: relation,
        scheduleExpectProgressTime: '00:30:00',
        startDate: '2026-11-23',
        endDate: '2026-11-24',
      }),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.status, reply.text).toBe(404);
    const theirs = await as(other).call(getAllScheduleByRangeForClinic, {
      startDate: '2026-11-30',
      endDate: '2026-11-30',
    });
    expect(theirs.success.scheduleList).toEqual([]);
    // A clinician's token is not a patient's, and the other way round.
    expect((await as(clinician).call(listMySchedules, {})).status).toBe(403);
    expect(
      (
        await as(member).call(getAllScheduleByRangeForClinic, {
          startDate: '2026-11-30',
          endDate: '2026-11-30',
        })
      ).status,
    ).toBe(403);
  });
});

describe('open hours and the patient’s side', () => {
  const hours = [
    { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
    { dayOfWeek: 1, startTime: '13:00', endTime: '17:00' },
    { dayOfWeek: 3, startTime: '07:00', endTime: '21:00' },
    { dayOfWeek: 7, startTime: '07:00', endTime: '21:00' },
  ];

  it('keeps the weekly hours in the clinician’s time zone and refuses overlapping or off-grid windows', async () => {
    const saved = await as(other).call(updateReservableTimeline, { timeline: hours });
    expect(saved.reply).toEqual({ isSuccess: true, timeZone: prague, timeline: hours });
    const read = await as(other, seoul).call(getReservableTimeline, {});
    expect(read.reply).toEqual({ isSuccess: true, timeZone: prague, timeline: hours });
    for (const timeline of [
      [...hours, { dayOfWeek: 1, startTime: '11:00', endTime: '14:00' }],
      [{ dayOfWeek: 2, startTime: '06:00', endTime: '08:00' }],
      [{ dayOfWeek: 2, startTime: '09:10', endTime: '10:00' }],
      [{ dayOfWeek: 2, startTime: '10:00', endTime: '09:00' }],
      [{ dayOfWeek: 8, startTime: '09:00', endTime: '10:00' }],
    ]) {
      const refused = await as(other).call(updateReservableTimeline, { timeline });
      expect(refused.status, JSON.stringify(timeline)).toBe(400);
    }
    expect((await as(other).call(getReservableTimeline, {})).reply).toMatchObject({
      timeline: hours,
    });
  });

  it('lists the patient’s clinicians and the free slots inside their hours, in the patient’s zone', async () => {
    const clinicians = await as(member).call(getMyClinicians, {});
    expect(clinicians.success.clinicianList.map((item) => item.seqMedicalRelation)).toEqual([relation, otherRelation]);

    const slots = await as(member, seoul).call(getReservableSlots, {
      seqMedicalRelation: otherRelation,
      scheduleExpectProgressTime: '01:00:00',
      // Monday 23 November in Seoul starts at Sunday 16:00 in Prague.
      startDate: '2026-11-23',
      endDate: '2026-11-23',
    });
    const slotList = slots.success.slotList;
    // Sunday in Prague from 16:00 to 20:00 (the last hour-long visit starts at 20:00), then Monday's hours.
    expect(slotList[0]).toBe('2026-11-23T00:00:00+09:00');
    expect(slotList).toContain('2026-11-23T04:00:00+09:00');
    expect(slotList).not.toContain('2026-11-23T04:15:00+09:00');
    // The member's visit with the first clinician on Monday 10:00-10:30 in Prague blocks 09:30 to 10:15.
    expect(slotList).toContain('2026-11-23T17:00:00+09:00');
    expect(slotList).not.toContain('2026-11-23T17:30:00+09:00');
    expect(slotList).not.toContain('2026-11-23T18:15:00+09:00');
    expect(slotList).toContain('2026-11-23T18:30:00+09:00');
    // Monday morning ends at 12:00: the last hour starts at 11:00; the afternoon from 13:00 to 16:00.
    expect(slotList).toContain('2026-11-23T19:00:00+09:00');
    expect(slotList).not.toContain('2026-11-23T19:15:00+09:00');
    expect(slotList.at(-1)).toBe('2026-11-23T23:45:00+09:00');
    expect(slotList).not.toContain('2026-11-23T20:00:00+09:00');
  });

  it('books a free slot, tells the clinician, and refuses hours outside, the past and taken times', async () => {
    const before = pushesTo(other.seqUser).length;
    const booked = await as(member, seoul).call(bookSchedule, {
      seqMedicalRelation: otherRelation,
      scheduleExpectStartDatetime: '2026-11-23T21:00:00+09:00',
      scheduleExpectProgressTime: '00:45:00',
      scheduleSymptoms: 'My knee is stiff in the morning',
    });
    expect(booked.success.schedule).toMatchObject({
      managerName: `${other.body.firstName} ${other.body.lastName}`,
      scheduleExpectStartDatetime: '2026-11-23T21:00:00+09:00',
      scheduleExpectProgressTime: '00:45:00',
      scheduleSymptoms: 'My knee is stiff in the morning',
      bookedBy: 'patient',
      scheduleStatus: ScheduleStatus.waiting,
    });
    expect(booked.success.schedule).not.toHaveProperty('scheduleNote');
    expect(pushesTo(other.seqUser).slice(before)).toEqual([PushType.bookedByPatient]);
    const [notification] = notificationsTo(other.seqUser).slice(before);
    expect(notification).toMatchObject({
      patientName: 'Pat Member',
      scheduleExpectStartDatetime: '2026-11-23T12:00:00.000Z',
    });

    const attempt = (start: string) =>
      as(member).call(bookSchedule, {
        seqMedicalRelation: otherRelation,
        scheduleExpectStartDatetime: start,
        scheduleExpectProgressTime: '00:30:00',
      });
    expect((await attempt('2026-11-24T10:00:00+01:00')).failedCode).toBe(FailedCode.OutsideOpenHours);
    expect((await attempt('2026-11-23T11:45:00+01:00')).failedCode).toBe(FailedCode.OutsideOpenHours);
    expect((await attempt('2026-11-22T09:30:00+01:00')).failedCode).toBe(FailedCode.SchedulePast);
    // Taken by the patient's visit with the first clinician, then by the patient's own new booking.
    expect((await attempt('2026-11-23T10:00:00+01:00')).failedCode).toBe(FailedCode.PatientScheduleOverlap);
    expect((await attempt('2026-11-23T13:30:00+01:00')).failedCode).toBe(FailedCode.ScheduleOverlap);
    const rival = await as(secondMember).call(bookSchedule, {
      seqMedicalRelation: secondRelation,
      scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00',
      scheduleExpectProgressTime: '00:30:00',
    });
    // The second member's clinician has no open hours at all.
    expect(rival.failedCode).toBe(FailedCode.OutsideOpenHours);
  });

  it('attaches symptoms and the patient’s own photos, which the patient and the visit’s clinician alone can open', async () => {
    const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');
    const upload = await uploadFile(t.app, uploadSymptomPhoto, member.tokens.accessToken, png, {});
    const { publicPath } = upload.success;
    const strangerUpload = await uploadFile(t.app, uploadSymptomPhoto, secondMember.tokens.accessToken, png, {});
    const mine = await as(member).call(listMySchedules, {});
    const waiting = mine.success.scheduleList.find((item) => item.bookedBy === 'patient' && item.scheduleStatus === 0)!;
    const attach = (photos: string[]) =>
      as(member).call(updateScheduleSymptoms, {
        seqSchedule: waiting.seqSchedule,
        scheduleSymptoms: 'Swollen after the exercise',
        schedulePhotoList: photos,
      });
    expect((await attach([strangerUpload.success.publicPath])).status).toBe(400);
    // 36 characters that are no upload id never reach the database.
    const malformed = await attach(['/api/storage/file/0-d70c813-5a16c3454867b0-7c9d4624a35']);
    expect(malformed.status).toBe(400);
    expect(malformed.error).toMatchObject({ fields: [{ path: 'schedulePhotoList.0', code: 'validation.invalid' }] });
    expect((await attach([publicPath])).success.schedule).toMatchObject({
      scheduleSymptoms: 'Swollen after the exercise',
      schedulePhotoList: [publicPath],
    });
    const seen = await as(other).call(getListAndLatestDoneSchedule, {
      seqMedicalRelation: otherRelation,
    });
    expect(seen.success.scheduleList[0]).toMatchObject({ schedulePhotoList: [publicPath] });
    const file = (who: Caller) =>
      t.app.inject({ method: 'GET', url: publicPath, headers: { authorization: `Bearer ${who.tokens.accessToken}` } });
    expect((await file(other)).statusCode).toBe(200);
    expect((await file(other)).rawPayload.equals(png)).toBe(true);
    expect((await file(clinician)).statusCode).toBe(404);
    // The patient sees the preview of what they uploaded; another patient is told it does not exist.
    const own = await file(member);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(png)).toBe(true);
    expect((await file(secondMember)).statusCode).toBe(404);
  });

  it('lets the patient cancel a waiting visit once, and tells the clinician', async () => {
    const mine = await as(member).call(listMySchedules, {});
    const waiting = mine.success.scheduleList.find((item) => item.bookedBy === 'patient' && item.scheduleStatus === 0)!;
    const cancelled = await as(member).call(cancelMySchedule, { seqSchedule: waiting.seqSchedule });
    expect(cancelled.success.schedule).toMatchObject({ scheduleStatus: ScheduleStatus.cancelledByPatient });
    expect(pushesTo(other.seqUser).at(-1)).toBe(PushType.cancelledByPatient);
    const again = await as(member).call(cancelMySchedule, { seqSchedule: waiting.seqSchedule });
    expect(again.failedCode).toBe(FailedCode.ScheduleNotWaiting);
  });
});

describe('background jobs', () => {
  it('announce a visit starting soon once, and expire it once its time passed without a call', async () => {
    const { seqSchedule } = (
      await as(clinician).call(
        createSchedule,
        visit({ seqMedicalRelation: secondRelation, scheduleExpectStartDatetime: '2026-11-28T12:00:00+01:00' }),
      )
    ).success.schedule as { seqSchedule: number };
    const about = (seqUser: number) =>
      notificationsTo(seqUser)
        .filter((item) => item.seqSchedule === seqSchedule)
        .map((item) => item.pushType);
    const status = async () =>
      (
        await t.app.db.select({ status: schedule.status }).from(schedule).where(eq(schedule.seqSchedule, seqSchedule))
      )[0]?.status;
    const untilStart = Date.parse('2026-11-28T11:00:00Z') - t.clock().getTime();

    t.clock.advance(untilStart - 16 * minute);
    await t.app.jobs.tick();
    expect(about(clinician.seqUser)).toEqual([]);
    t.clock.advance(2 * minute);
    await t.app.jobs.tick();
    await t.app.jobs.tick();
    expect(about(clinician.seqUser)).toEqual([PushType.startingSoon]);
    expect(about(secondMember.seqUser)).toEqual([PushType.bookedByClinician, PushType.startingSoon]);
    expect(await status()).toBe(ScheduleStatus.waiting);

    // Still joinable until its end.
    t.clock.advance(14 * minute + 29 * minute);
    await t.app.jobs.tick();
    expect(await status()).toBe(ScheduleStatus.waiting);
    t.clock.advance(minute);
    await t.app.jobs.tick();
    await t.app.jobs.tick();
    expect(await status()).toBe(ScheduleStatus.expired);
    expect(about(clinician.seqUser)).toEqual([PushType.startingSoon, PushType.expired]);
    expect(about(secondMember.seqUser)).toEqual([PushType.bookedByClinician, PushType.startingSoon, PushType.expired]);
  });
});

describe("the patient's medical record", () => {
  it('holds each visit, with its time, length, status and note, among the notes by time', async () => {
    const booked = (
      await as(clinician).call(
        createSchedule,
        visit({
          seqMedicalRelation: secondRelation,
          scheduleExpectStartDatetime: '2026-12-07T11:00:00+01:00',
          scheduleNote: 'Ask about the stairs',
        }),
      )
    ).success.schedule;
    await as(clinician).call(addManagerNote, {
      seqMedicalRelation: secondRelation,
      noteTitle: 'Phone call',
      noteContent: 'Knee better',
      isPublic: false,
      isImportant: false,
    });
    const { record } = (await as(clinician).call(getMedicalRecord, { seqMedicalRelation: secondRelation })).success;
    const visits = record.filter((item) => item.kind === 'visit');
    expect(visits.map((item) => item.visit)).toContainEqual(booked);
    expect(booked).toMatchObject({
      scheduleExpectStartDatetime: '2026-12-07T11:00:00+01:00',
      scheduleExpectProgressTime: '00:30:00',
      scheduleStatus: ScheduleStatus.waiting,
      scheduleNote: 'Ask about the stairs',
    });
    // The visit to come is newer than the note written today.
    const kinds = record.map((item) => item.kind);
    expect(kinds.indexOf('visit')).toBeLessThan(kinds.indexOf('note'));
  });
});
