import { randomUUID } from 'node:crypto';
import {
  getMedicalRecord,
  getReport,
  getReportConditions,
  saveReport,
  sendMessage,
  sendMyMessage,
  uploadMyMessageAttachment,
  withdrawMyMessage,
  type MedicalRecordItem,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeams, type Clinician, type Member as Patient } from '../../../test/care-teams.ts';
import { callApi, relogin, uploadFile } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC: 10:00 in Prague, 18:00 in Seoul.

let t: TestApp;
let clinician: Clinician;
let other: Clinician;
let member: Patient;
let relation: number;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** Moves the clock on; the sessions are renewed, as their tokens are short-lived. */
const travelTo = async (at: number) => {
  t.clock.advance(at - t.clock().getTime());
  for (const who of [clinician, other, member]) await relogin(t.app, who);
};
const minutes = (count: number) => travelTo(t.clock().getTime() + count * 60_000);
const asClinician = (who: Clinician = clinician, timeZone = 'Europe/Prague') => ({
  token: who.tokens.accessToken,
  timeZone,
});
const clinicianSends = async (text: string) =>
  (
    await callApi(
      t.app,
      sendMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text },
      asClinician(),
    )
  ).success.message;
const patientSends = async (text: string, attachmentIds: string[] = []) =>
  (
    await callApi(
      t.app,
      sendMyMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text, attachmentIds },
      { token: member.tokens.accessToken },
    )
  ).success.message;
const messageDays = (record: MedicalRecordItem[]) =>
  record.flatMap((item) => (item.kind === 'messages' ? [{ at: item.at, ...item.messages }] : []));
const period = { seqMedicalRelation: 0, startDate: '2026-11-22', endDate: '2026-11-22' };

beforeAll(async () => {
  t = await createTestApp();
  ({ clinician, member, relation, other } = await careTeams(t.app, t.mail, {
    clinician: { firstName: 'Mira', lastName: 'Novak' },
  }));
  period.seqMedicalRelation = relation;
  // Sunday: two messages in the morning; one more late in the evening (23:30 in Prague, Monday in Seoul).
  await clinicianSends('How is the knee today?');
  await minutes(12);
  const file = (
    await uploadFile(t.app, uploadMyMessageAttachment, member.tokens.accessToken, pdf, {
      seqMedicalRelation: String(relation),
    })
  ).success.attachment;
  await patientSends('Swollen again, the letter is attached.', [file.id]);
  await minutes(2);
  const slip = await patientSends('Sent to the wrong person');
  void (await callApi(t.app, withdrawMyMessage, { seqMessage: slip.seqMessage }, { token: member.tokens.accessToken }))
    .success;
  await travelTo(Date.parse('2026-11-22T22:30:00Z'));
  await clinicianSends('Ice it tonight.');
  // Tuesday morning.
  await travelTo(Date.parse('2026-11-24T08:00:00Z'));
  await patientSends('Better today.');
});
afterAll(async () => {
  await t.close();
});

describe('the thread in the medical record', () => {
  it('is one entry per day of messages in the reader’s time zone, with the count and first and last time', async () => {
    const record = (await callApi(t.app, getMedicalRecord, { seqMedicalRelation: relation }, asClinician())).success
      .record;
    expect(messageDays(record)).toEqual([
      {
        at: '2026-11-24T08:00:00.000Z',
        day: '2026-11-24',
        count: 1,
        firstAt: '2026-11-24T08:00:00.000Z',
        lastAt: '2026-11-24T08:00:00.000Z',
      },
      {
        at: '2026-11-22T22:30:00.000Z',
        day: '2026-11-22',
        count: 4,
        firstAt: '2026-11-22T09:00:00.000Z',
        lastAt: '2026-11-22T22:30:00.000Z',
      },
    ]);

    // In Seoul the evening message falls on Monday.
    const seoul = (
      await callApi(t.app, getMedicalRecord, { seqMedicalRelation: relation }, asClinician(clinician, 'Asia/Seoul'))
    ).success.record;
    expect(messageDays(seoul).map((day) => [day.day, day.count])).toEqual([
      ['2026-11-24', 1],
      ['2026-11-23', 1],
      ['2026-11-22', 3],
    ]);
  });

  it('shows another clinician nothing: their patient answers as missing', async () => {
    const reply = await callApi(t.app, getMedicalRecord, { seqMedicalRelation: relation }, asClinician(other));
    expect(reply.status).toBe(404);
  });
});

describe('the thread in the printable report', () => {
  it("lists the period's messages with sender, time, text and files, a withdrawn one without them", async () => {
    const data = (await callApi(t.app, getReportConditions, period, asClinician())).success;
    expect(data.messages).toEqual([
      {
        senderRole: 'clinician',
        automatic: null,
        sentAt: '2026-11-22T09:00:00.000Z',
        text: 'How is the knee today?',
        attachmentNames: [],
        withdrawnAt: null,
      },
      {
        senderRole: 'patient',
        automatic: null,
        sentAt: '2026-11-22T09:12:00.000Z',
        text: 'Swollen again, the letter is attached.',
        attachmentNames: [expect.stringMatching(/\.pdf$/)],
        withdrawnAt: null,
      },
      {
        senderRole: 'patient',
        automatic: null,
        sentAt: '2026-11-22T09:14:00.000Z',
        text: null,
        attachmentNames: [],
        withdrawnAt: '2026-11-22T09:14:00.000Z',
      },
      expect.objectContaining({ sentAt: '2026-11-22T22:30:00.000Z', text: 'Ice it tonight.' }),
    ]);
  });

  it('keeps the messages in a saved report only when asked to', async () => {
    const words = {
      parameters: ['maxAngle' as const],
      position: null,
      mode: null,
      chiefComplaint: '',
      expertOpinion: '',
    };
    const without = (await callApi(t.app, saveReport, { ...period, ...words }, asClinician())).success.report;
    expect(without.data.messages).toBeNull();
    const kept = (await callApi(t.app, saveReport, { ...period, ...words, messages: true }, asClinician())).success
      .report;
    expect(kept.data.messages).toHaveLength(4);
    const opened = (await callApi(t.app, getReport, { seqReport: kept.seqReport }, asClinician())).success.report;
    expect(opened.data.messages).toEqual(kept.data.messages);
  });
});
