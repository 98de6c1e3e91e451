import { randomUUID } from 'node:crypto';
import {
  addMessageTemplate,
  changeActivationStatus,
  createSchedule,
  FailedCode,
  getUnreadMessageCount,
  listMessageTemplates,
  listMessageThreads,
  listMessages,
  listMyMessageThreads,
  listMyMessages,
  messageRules,
  removeMessageTemplate,
  sendMessage,
  sendMyMessage,
  updateMessageTemplate,
  withdrawMessage,
  withdrawMyMessage,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeams, type Clinician, type Member as Patient } from '../../../test/care-teams.ts';
import { callApi, invalid, relogin, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { listenOnLoopback, openSocket, registerMember, type SocketClient } from '../../../test/realtime.ts';
import { appUser, auditEvent, medicalRelation, message } from '../../db/schema.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let clinician: Clinician;
let otherClinician: Clinician;
let member: Patient;
let otherMember: Patient;
let relation: number;
let otherRelation: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    clinician,
    member,
    relation,
    other: otherClinician,
    stranger: otherMember,
    strangerRelation: otherRelation,
  } = await careTeams(t.app, t.mail, { clinician: { firstName: 'Mira', lastName: 'Novak' } }));
});
afterAll(async () => {
  await t.close();
});

const clinicianSends = (text: string, who: Clinician = clinician, seqMedicalRelation = relation) =>
  callApi(
    t.app,
    sendMessage,
    { seqMedicalRelation, idempotencyKey: randomUUID(), text },
    { token: who.tokens.accessToken, timeZone: 'Europe/Prague' },
  );
const patientSends = (text: string, who: Patient = member, seqMedicalRelation = relation) =>
  callApi(
    t.app,
    sendMyMessage,
    { seqMedicalRelation, idempotencyKey: randomUUID(), text },
    { token: who.tokens.accessToken },
  );
const storedBodies = async (seqMedicalRelation = relation) =>
  (
    await t.app.db
      .select({ body: message.body })
      .from(message)
      .where(eq(message.seqMedicalRelation, seqMedicalRelation))
  )
    .map((row) => row.body)
    .toSorted();
const auditRows = (seqUser: number, entity: string) =>
  t.app.db
    .select({
      action: auditEvent.action,
      outcome: auditEvent.outcome,
      seqMedicalRelation: auditEvent.seqMedicalRelation,
    })
    .from(auditEvent)
    .where(and(eq(auditEvent.seqUser, seqUser), eq(auditEvent.entity, entity)));

describe('a thread between a clinician and their patient', () => {
  it('carries messages both ways, with unread counts that clear when the thread is read', async () => {
    const first = (await clinicianSends('How is the knee today?')).success.message;
    expect(first).toMatchObject({ mine: true, senderRole: 'clinician', text: 'How is the knee today?', readAt: null });

    const inbox = (await callApi(t.app, listMyMessageThreads, {}, { token: member.tokens.accessToken })).success;
    expect(inbox.totalUnread).toBe(1);
    expect(inbox.threadList).toEqual([
      {
        seqMedicalRelation: relation,
        patientName: 'Pat Member',
        managerName: 'Mira Novak',
        isOpen: true,
        unreadCount: 1,
        lastMessage: {
          preview: 'How is the knee today?',
          senderRole: 'clinician',
          hasAttachments: false,
          sentAt: '2026-11-22T09:00:00.000Z',
        },
      },
    ]);

    const read = (
      await callApi(t.app, listMyMessages, { seqMedicalRelation: relation }, { token: member.tokens.accessToken })
    ).success;
    expect(read.messageList).toEqual([expect.objectContaining({ seqMessage: first.seqMessage, mine: false })]);
    expect(read.thread.unreadCount).toBe(0);
    expect(
      (await callApi(t.app, listMyMessageThreads, {}, { token: member.tokens.accessToken })).success.totalUnread,
    ).toBe(0);

    await patientSends('Better, the swelling went down.');
    const counts = (await callApi(t.app, getUnreadMessageCount, {}, { token: clinician.tokens.accessToken })).success;
    expect(counts).toEqual({
      isSuccess: true,
      totalUnread: 1,
      threadList: [{ seqMedicalRelation: relation, unreadCount: 1 }],
    });
    const threads = (await callApi(t.app, listMessageThreads, {}, { token: clinician.tokens.accessToken })).success;
    expect(threads).toMatchObject({
      totalCount: 1,
      totalUnread: 1,
      threadList: [{ patientName: 'Pat Member', unreadCount: 1 }],
    });

    const seen = (
      await callApi(t.app, listMessages, { seqMedicalRelation: relation }, { token: clinician.tokens.accessToken })
    ).success.messageList;
    // The clinician's own message shows when the patient read it ("Read 09:00"); theirs is read now.
    expect(seen.map((item) => [item.mine, item.text, item.readAt])).toEqual([
      [true, 'How is the knee today?', '2026-11-22T09:00:00.000Z'],
      [false, 'Better, the swelling went down.', '2026-11-22T09:00:00.000Z'],
    ]);
    expect(
      (await callApi(t.app, getUnreadMessageCount, {}, { token: clinician.tokens.accessToken })).success.totalUnread,
    ).toBe(0);
  });

  it('records each reading of the thread in the audit trail', async () => {
    const before = (await auditRows(member.seqUser, 'message')).length;
    await callApi(t.app, listMyMessages, { seqMedicalRelation: relation }, { token: member.tokens.accessToken });
    const after = await auditRows(member.seqUser, 'message');
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toEqual({ action: 'read', outcome: 'success', seqMedicalRelation: relation });
  });

  it('pages back through older messages, oldest first within a page', async () => {
    for (const text of ['one', 'two', 'three']) await clinicianSends(text);
    const newest = (
      await callApi(
        t.app,
        listMessages,
        { seqMedicalRelation: relation, size: 2 },
        { token: clinician.tokens.accessToken },
      )
    ).success;
    expect(newest.messageList.map((item) => item.text)).toEqual(['two', 'three']);
    expect(newest.hasOlder).toBe(true);
    const older = (
      await callApi(
        t.app,
        listMessages,
        { seqMedicalRelation: relation, size: 2, beforeSeqMessage: newest.messageList[0]!.seqMessage },
        { token: clinician.tokens.accessToken },
      )
    ).success;
    expect(older.messageList.map((item) => item.text)).toEqual(['Better, the swelling went down.', 'one']);
  });

  it('keeps a message sent twice with one idempotency key once, each call audited with its id', async () => {
    const created = async () =>
      (
        await t.app.db
          .select({ entityId: auditEvent.entityId })
          .from(auditEvent)
          .where(
            and(
              eq(auditEvent.seqUser, member.seqUser),
              eq(auditEvent.entity, 'message'),
              eq(auditEvent.action, 'create'),
            ),
          )
      ).map((row) => row.entityId);
    const before = await created();
    const request = { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Sent from the train' };
    const send = () => callApi(t.app, sendMyMessage, request, { token: member.tokens.accessToken });
    // Twice at once (a retry racing the first), then again later.
    const [first, racing] = await Promise.all([send(), send()]);
    const again = await send();
    expect(racing.success.message.seqMessage).toBe(first.success.message.seqMessage);
    expect(again.success.message.seqMessage).toBe(first.success.message.seqMessage);
    expect((await storedBodies()).filter((body) => body === 'Sent from the train')).toHaveLength(1);
    // Each call is on record, named by the one message that answered it.
    expect(await created()).toEqual([...before, ...Array<string>(3).fill(String(first.success.message.seqMessage))]);
  });
});

describe('the stored messages', () => {
  it('cannot be changed or removed, but for their reading and withdrawal', async () => {
    const sent = (await patientSends('As it was written')).success.message;
    const byId = eq(message.seqMessage, sent.seqMessage);
    await expect(t.app.db.update(message).set({ body: 'Rewritten' }).where(byId)).rejects.toThrow();
    await expect(t.app.db.delete(message).where(byId)).rejects.toThrow();
    await t.app.db.update(message).set({ readAt: t.clock() }).where(byId);
    await expect(t.app.db.update(message).set({ readAt: null }).where(byId)).rejects.toThrow();
    await t.app.db.update(message).set({ withdrawnAt: t.clock() }).where(byId);
    await expect(
      t.app.db
        .update(message)
        .set({ withdrawnAt: new Date(t.clock().getTime() + 1000) })
        .where(byId),
    ).rejects.toThrow();
    expect(await storedBodies()).toContain('As it was written');
  });
});

describe('another clinician’s or patient’s thread', () => {
  it('answers as missing, stores nothing and is audited as a denied attempt', async () => {
    const before = await storedBodies();
    const byClinician = await callApi(
      t.app,
      listMessages,
      { seqMedicalRelation: relation },
      { token: otherClinician.tokens.accessToken },
    );
    expect(byClinician.status).toBe(404);
    expect((await clinicianSends('Not my patient', otherClinician)).failedCode).toBe(FailedCode.NotFound);
    const byPatient = await callApi(
      t.app,
      listMyMessages,
      { seqMedicalRelation: relation },
      { token: otherMember.tokens.accessToken },
    );
    expect(byPatient.status).toBe(404);
    expect((await patientSends('Not my clinician', otherMember)).failedCode).toBe(FailedCode.NotFound);
    // A thread that does not exist answers the same.
    expect((await clinicianSends('Nobody', otherClinician, 999_999)).error).toEqual(
      (await clinicianSends('Not my patient', otherClinician)).error,
    );

    expect(await storedBodies()).toEqual(before);
    const denied = (who: number) =>
      auditRows(who, 'message').then((rows) => rows.filter((row) => row.outcome === 'denied').map((row) => row.action));
    expect((await denied(otherClinician.seqUser)).toSorted()).toEqual(['create', 'create', 'create', 'read']);
    expect((await denied(otherMember.seqUser)).toSorted()).toEqual(['create', 'read']);
  });

  it('cannot be withdrawn from by anyone but its sender', async () => {
    const sent = (await clinicianSends('Only mine to withdraw')).success.message;
    const byPatient = await callApi(
      t.app,
      withdrawMyMessage,
      { seqMessage: sent.seqMessage },
      { token: member.tokens.accessToken },
    );
    expect(byPatient.status).toBe(404);
    const byOther = await callApi(
      t.app,
      withdrawMessage,
      { seqMessage: sent.seqMessage },
      { token: otherClinician.tokens.accessToken },
    );
    expect(byOther.status).toBe(404);
    const deniedUpdates = async (who: number) =>
      (await auditRows(who, 'message')).filter((row) => row.action === 'update' && row.outcome === 'denied');
    expect(await deniedUpdates(member.seqUser)).toHaveLength(1);
    expect(await deniedUpdates(otherClinician.seqUser)).toHaveLength(1);
  });

  it('leaves the other clinician’s own thread apart from this one', async () => {
    await clinicianSends('Hello from the other practice', otherClinician, otherRelation);
    const mine = (await callApi(t.app, listMyMessageThreads, {}, { token: member.tokens.accessToken })).success;
    expect(mine.threadList.map((thread) => thread.seqMedicalRelation)).toEqual([relation]);
  });
});

describe('bad input', () => {
  it('refuses an empty message, one over 4,000 characters and control characters, storing nothing', async () => {
    const before = await storedBodies();
    const refused = async (text: string) =>
      (
        await callApi(
          t.app,
          sendMyMessage,
          { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text },
          {
            token: member.tokens.accessToken,
            language: 'cs',
          },
        )
      ).error;
    expect((await refused('   ')).fields).toEqual([
      { path: 'text', code: 'validation.message_empty', message: 'Napište zprávu nebo připojte soubor.' },
    ]);
    expect((await refused('x'.repeat(messageRules.textMax + 1))).fields?.[0]?.code).toBe('validation.message_too_long');
    expect((await refused('bell \u0007')).fields?.[0]?.code).toBe('validation.plain_text');
    const html = (await patientSends('<b>bold</b> stays as typed')).success.message;
    expect(html.text).toBe('<b>bold</b> stays as typed');
    expect((await storedBodies()).length).toBe(before.length + 1);
    const notJson = await callApi(t.app, sendMyMessage, invalid({ seqMedicalRelation: 'x' }), {
      token: member.tokens.accessToken,
    });
    expect(notJson.status).toBe(400);
  });
});

describe('withdrawing', () => {
  it('is allowed for 5 minutes, shows the message as withdrawn and keeps what it said on record', async () => {
    const sent = (await patientSends('Wrong photo, sorry')).success.message;
    t.clock.advance(4 * 60_000 + 59_000);
    const withdrawn = await callApi(
      t.app,
      withdrawMyMessage,
      { seqMessage: sent.seqMessage },
      { token: member.tokens.accessToken },
    );
    expect(withdrawn.success.message).toMatchObject({
      text: null,
      attachments: [],
      withdrawnAt: t.clock().toISOString(),
    });
    const again = await callApi(
      t.app,
      withdrawMyMessage,
      { seqMessage: sent.seqMessage },
      { token: member.tokens.accessToken },
    );
    expect(again.failedCode).toBe(FailedCode.MessageAlreadyWithdrawn);

    const seen = (
      await callApi(t.app, listMessages, { seqMedicalRelation: relation }, { token: clinician.tokens.accessToken })
    ).success.messageList;
    expect(seen.find((item) => item.seqMessage === sent.seqMessage)).toMatchObject({
      text: null,
      withdrawnAt: t.clock().toISOString(),
    });
    expect(await storedBodies()).toContain('Wrong photo, sorry');
    const updates = (await auditRows(member.seqUser, 'message')).filter((row) => row.action === 'update');
    expect(updates.filter((row) => row.outcome === 'success')).toEqual([
      { action: 'update', outcome: 'success', seqMedicalRelation: relation },
    ]);
  });

  it('is refused after 5 minutes', async () => {
    await relogin(t.app, member);
    const sent = (await patientSends('Too late to take back')).success.message;
    t.clock.advance(messageRules.withdrawSeconds * 1000 + 1000);
    const late = await callApi(
      t.app,
      withdrawMyMessage,
      { seqMessage: sent.seqMessage },
      {
        token: member.tokens.accessToken,
        language: 'ko',
      },
    );
    expect(late.failure).toEqual({
      isSuccess: false,
      failedCode: FailedCode.WithdrawTooLate,
      message: '메시지는 보낸 후 5분 이내에만 회수할 수 있습니다.',
    });
    for (const who of [member, otherMember, clinician, otherClinician]) await relogin(t.app, who);
  });
});

describe('templates', () => {
  it('are the clinician’s own, and fill their variables when sent', async () => {
    const added = (
      await callApi(
        t.app,
        addMessageTemplate,
        { title: 'Visit reminder', body: 'Hello {patientFirstName}, see you on {nextVisit}. {clinicianName}' },
        { token: clinician.tokens.accessToken },
      )
    ).success.template;
    expect(
      (await callApi(t.app, listMessageTemplates, {}, { token: otherClinician.tokens.accessToken })).success
        .templateList,
    ).toEqual([]);
    const byOther = await callApi(
      t.app,
      updateMessageTemplate,
      { seqMessageTemplate: added.seqMessageTemplate, title: 'Mine now', body: 'x' },
      { token: otherClinician.tokens.accessToken },
    );
    expect(byOther.status).toBe(404);

    const before = await storedBodies();
    const noVisit = await callApi(
      t.app,
      sendMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: added.body },
      { token: clinician.tokens.accessToken, language: 'en' },
    );
    expect(noVisit.failure.failedCode).toBe(FailedCode.TemplateNeedsNextVisit);
    expect(noVisit.failure.message).toContain('{nextVisit}');
    expect(await storedBodies()).toEqual(before);

    void (
      await callApi(
        t.app,
        createSchedule,
        {
          seqMedicalRelation: relation,
          scheduleExpectStartDatetime: '2026-11-30T10:00:00+01:00',
          scheduleExpectProgressTime: '00:30:00',
        },
        { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
      )
    ).success;
    const filled = (await clinicianSends(added.body)).success.message;
    expect(filled.text).toMatch(/^Hello Pat, see you on Mon, Nov 30, 2026, 10:00 (AM )?GMT\+1\. Mira Novak$/);

    // A Korean name starts with the family name: no first name is guessed from it.
    const korean = await verifiedPatient(t.app, t.mail);
    const koreanRelation = await registerMember(t.app, clinician.tokens.accessToken, korean.tokens.accessToken);
    await t.app.db
      .update(medicalRelation)
      .set({ patientName: '김 민준' })
      .where(eq(medicalRelation.seqMedicalRelation, koreanRelation));
    expect((await clinicianSends('안녕하세요 {patientFirstName}님', clinician, koreanRelation)).failedCode).toBe(
      FailedCode.TemplateNeedsPatientFirstName,
    );

    const removed = await callApi(
      t.app,
      removeMessageTemplate,
      { seqMessageTemplate: added.seqMessageTemplate },
      { token: clinician.tokens.accessToken },
    );
    expect(removed.reply).toEqual({ isSuccess: true });
  });
});

describe('a deactivated relation', () => {
  it('keeps its thread readable and closed to new messages', async () => {
    const patientOfBoth = await verifiedPatient(t.app, t.mail);
    const closing = await registerMember(t.app, clinician.tokens.accessToken, patientOfBoth.tokens.accessToken);
    await clinicianSends('Last advice before the pause', clinician, closing);
    const offline = { seqMedicalRelation: closing, idempotencyKey: randomUUID(), text: 'Written before the pause' };
    const sentOffline = (await callApi(t.app, sendMyMessage, offline, { token: patientOfBoth.tokens.accessToken }))
      .success.message;
    void (
      await callApi(
        t.app,
        changeActivationStatus,
        { seqMedicalRelation: closing, isEnabled: false },
        { token: clinician.tokens.accessToken },
      )
    ).success;
    expect((await clinicianSends('Anything new?', clinician, closing)).failedCode).toBe(FailedCode.MessageThreadClosed);
    // The app replays what it sent offline: the first answers, though the thread closed since.
    const replayed = await callApi(t.app, sendMyMessage, offline, { token: patientOfBoth.tokens.accessToken });
    expect(replayed.success.message.seqMessage).toBe(sentOffline.seqMessage);
    expect((await patientSends('Can I ask?', patientOfBoth, closing)).failedCode).toBe(FailedCode.MessageThreadClosed);
    const thread = (
      await callApi(t.app, listMyMessages, { seqMedicalRelation: closing }, { token: patientOfBoth.tokens.accessToken })
    ).success;
    expect(thread.thread.isOpen).toBe(false);
    expect(thread.messageList.map((item) => item.text)).toEqual([
      'Last advice before the pause',
      'Written before the pause',
    ]);
    expect(await storedBodies(closing)).toEqual(['Last advice before the pause', 'Written before the pause']);
  });

  it('of a patient who deleted their account is closed to the clinician’s messages', async () => {
    const leaving = await verifiedPatient(t.app, t.mail);
    const left = await registerMember(t.app, clinician.tokens.accessToken, leaving.tokens.accessToken);
    await t.app.db.update(appUser).set({ deletedAt: t.clock() }).where(eq(appUser.seqUser, leaving.seqUser));
    expect((await clinicianSends('Are you still there?', clinician, left)).failedCode).toBe(FailedCode.NotAppMember);
    expect(await storedBodies(left)).toEqual([]);
  });
});

describe('delivery', () => {
  let url: string;
  let memberSocket: SocketClient;

  beforeAll(async () => {
    url = await listenOnLoopback(t.app);
    memberSocket = await openSocket(url, member.tokens.accessToken);
  });
  afterAll(() => memberSocket.close());

  it('reaches the other side’s open socket at once, and the sender’s when the message is read', async () => {
    const sent = (await clinicianSends('Your exercises for tomorrow are ready')).success.message;
    const heard = await memberSocket.waitFor(
      (event) => event.type === 'message' && event.message.seqMessage === sent.seqMessage,
    );
    expect(heard).toMatchObject({
      seqMedicalRelation: relation,
      message: { mine: false, text: 'Your exercises for tomorrow are ready' },
    });

    const clinicianSocket = await openSocket(url, clinician.tokens.accessToken);
    await callApi(t.app, listMyMessages, { seqMedicalRelation: relation }, { token: member.tokens.accessToken });
    await clinicianSocket.waitFor((event) => event.type === 'messageChanged' && event.change === 'read');
    clinicianSocket.close();
  });

  it('mails a patient with no open socket and no push, once for several messages in 5 minutes, without the content', async () => {
    memberSocket.close();
    await memberSocket.closed;
    // Past the window of the mails earlier messages brought.
    t.clock.advance(messageRules.notifySeconds * 1000);
    await relogin(t.app, clinician);
    // Mail of earlier messages is delivered in the background: counted before this test's.
    await t.app.messageDeliveriesIdle();
    const since = t.mail.messages.length;
    await clinicianSends('Private: your MRI shows a partial tear');
    const mail = await t.mail.next(member.email, since);
    expect(mail.subject).toBe('New message from Mira Novak');
    expect(mail.text).toContain('Mira Novak sent you a message');
    expect(mail.text).not.toContain('MRI');
    await clinicianSends('Private: a second note');
    await clinicianSends('Private: a third note');
    t.clock.advance(messageRules.notifySeconds * 1000 - 1000);
    await relogin(t.app, clinician);
    await clinicianSends('Private: still within the window');
    await t.app.messageDeliveriesIdle();
    expect(t.mail.messages.length).toBe(since + 1);
    t.clock.advance(2000);
    await clinicianSends('Private: after the window');
    await t.mail.next(member.email, since + 1);
    expect(t.mail.messages.slice(since).map((caught) => caught.to)).toEqual([member.email, member.email]);
  });

  it('tells a patient again at once of a message after they read the thread', async () => {
    t.clock.advance(messageRules.notifySeconds * 1000);
    await relogin(t.app, clinician);
    await relogin(t.app, member);
    const since = t.mail.messages.length;
    await clinicianSends('Private: before reading');
    await t.mail.next(member.email, since);
    await callApi(t.app, listMyMessages, { seqMedicalRelation: relation }, { token: member.tokens.accessToken });
    // Within the 5 minutes, but the patient has read everything since they were told.
    t.clock.advance(60_000);
    await clinicianSends('Private: after reading');
    await t.mail.next(member.email, since + 1);
    await clinicianSends('Private: unread again');
    await t.app.messageDeliveriesIdle();
    expect(t.mail.messages.length).toBe(since + 2);
  });
});

describe('the rate limit', () => {
  it('refuses a sender over the limit with a translated error, storing nothing', async () => {
    const busy = await verifiedPatient(t.app, t.mail);
    const busyRelation = await registerMember(t.app, clinician.tokens.accessToken, busy.tokens.accessToken);
    for (let index = 0; index < messageRules.perMinute; index += 1)
      expect((await patientSends(`note ${index}`, busy, busyRelation)).status).toBe(200);
    const over = await callApi(
      t.app,
      sendMyMessage,
      { seqMedicalRelation: busyRelation, idempotencyKey: randomUUID(), text: 'one more' },
      { token: busy.tokens.accessToken, language: 'zh-HK' },
    );
    expect(over.status).toBe(429);
    expect(over.error.failedCode).toBe(FailedCode.TooManyRequests);
    expect(await storedBodies(busyRelation)).toHaveLength(messageRules.perMinute);
    // Another sender is not held back by it.
    expect((await clinicianSends('Take a break from typing', clinician, busyRelation)).status).toBe(200);
  });
});
