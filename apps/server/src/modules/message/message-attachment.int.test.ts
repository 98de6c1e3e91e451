import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { Agent, request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import {
  FailedCode,
  listMessages,
  listMessageThreads,
  messageRules,
  sendMessage,
  sendMyMessage,
  uploadMessageAttachment,
  uploadMyMessageAttachment,
  withdrawMyMessage,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeams, type Clinician, type Member as Patient } from '../../../test/care-teams.ts';
import { callApi, relogin, uploadFile, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { auditEvent, messageAttachment, upload } from '../../db/schema.ts';

let t: TestApp;
let clinician: Clinician;
let otherClinician: Clinician;
let member: Patient;
let otherMember: Patient;
let relation: number;
let jpeg: Buffer;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** An ELF executable's first bytes, sent under an image's name and type. */
const executable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
/** An iPhone photo's first bytes: an ISO box of brand heic. */
const heic = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

beforeAll(async () => {
  t = await createTestApp();
  ({ clinician, member, relation, other: otherClinician, stranger: otherMember } = await careTeams(t.app, t.mail));
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

const patientUploads = (bytes: Buffer, who: Patient = member, seqMedicalRelation = relation) =>
  uploadFile(
    t.app,
    uploadMyMessageAttachment,
    who.tokens.accessToken,
    bytes,
    { seqMedicalRelation: String(seqMedicalRelation) },
    {
      'accept-language': 'en',
    },
  );
const clinicianUploads = (bytes: Buffer, who: Clinician = clinician) =>
  uploadFile(t.app, uploadMessageAttachment, who.tokens.accessToken, bytes, { seqMedicalRelation: String(relation) });
const clinicianUploadsTo = (bytes: Buffer, seqMedicalRelation: number) =>
  uploadFile(t.app, uploadMessageAttachment, clinician.tokens.accessToken, bytes, {
    seqMedicalRelation: String(seqMedicalRelation),
  });
const download = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const storedUploads = async () => (await t.app.db.select({ id: upload.id }).from(upload)).length;

describe('attachments', () => {
  it('go both ways: a PDF from the clinician, a JPEG with its thumbnail from the patient', async () => {
    const report = (await clinicianUploads(pdf)).success.attachment;
    expect(report).toMatchObject({ contentType: 'application/pdf', byteSize: pdf.length, thumbnailUrl: null });
    const sent = (
      await callApi(
        t.app,
        sendMessage,
        { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Your report', attachmentIds: [report.id] },
        { token: clinician.tokens.accessToken },
      )
    ).success.message;
    expect(sent.attachments).toEqual([report]);

    const photo = (await patientUploads(jpeg)).success.attachment;
    expect(photo.contentType).toBe('image/jpeg');
    expect(photo.thumbnailUrl).toBe(`/api/message/attachment/${photo.id}?thumbnail=1`);
    const reply = (
      await callApi(
        t.app,
        sendMyMessage,
        { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: '', attachmentIds: [photo.id] },
        { token: member.tokens.accessToken },
      )
    ).success.message;
    expect(reply.attachments.map((attachment) => attachment.id)).toEqual([photo.id]);
    const lastOfThread = async () =>
      (await callApi(t.app, listMessageThreads, {}, { token: clinician.tokens.accessToken })).success.threadList.find(
        (thread) => thread.seqMedicalRelation === relation,
      )?.lastMessage;
    expect(await lastOfThread()).toMatchObject({ senderRole: 'patient', hasAttachments: true });
    // A text alone, after messages with files, says it has none.
    await callApi(
      t.app,
      sendMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Thank you' },
      { token: clinician.tokens.accessToken },
    );
    expect(await lastOfThread()).toMatchObject({ preview: 'Thank you', hasAttachments: false });

    const pdfSeen = await download(report.url, member.tokens.accessToken);
    expect(pdfSeen.statusCode).toBe(200);
    expect(pdfSeen.rawPayload.equals(pdf)).toBe(true);
    expect(pdfSeen.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      // Named by the type its bytes have, not the name it was sent under.
      'content-disposition': 'inline; filename="photo.pdf"; filename*=UTF-8\'\'photo.pdf',
      'cache-control': 'no-store',
    });
    const thumbnail = await download(photo.thumbnailUrl!, clinician.tokens.accessToken);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([320, 240]);
  });

  it('are served to the two people of the thread only, and a refusal is audited', async () => {
    const report = (await clinicianUploads(pdf)).success.attachment;
    // Before it is sent, only its uploader sees it.
    expect((await download(report.url, member.tokens.accessToken)).statusCode).toBe(404);
    expect((await download(report.url, clinician.tokens.accessToken)).statusCode).toBe(200);
    // Nor through the path of other uploads, which knows nothing of threads.
    expect((await download(`/api/storage/file/${report.id}`, clinician.tokens.accessToken)).statusCode).toBe(404);
    await callApi(
      t.app,
      sendMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Sent', attachmentIds: [report.id] },
      { token: clinician.tokens.accessToken },
    );
    for (const stranger of [otherClinician.tokens.accessToken, otherMember.tokens.accessToken]) {
      const refused = await download(report.url, stranger);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('%PDF');
    }
    expect((await download('/api/message/attachment/not-a-uuid', otherMember.tokens.accessToken)).statusCode).toBe(404);
    const denied = await t.app.db
      .select({ seqUser: auditEvent.seqUser, outcome: auditEvent.outcome })
      .from(auditEvent)
      .where(eq(auditEvent.entity, 'message_attachment'));
    expect(
      denied
        .filter((row) => row.outcome === 'denied')
        .map((row) => row.seqUser)
        .toSorted(),
    ).toEqual([member.seqUser, otherClinician.seqUser, otherMember.seqUser, otherMember.seqUser].toSorted());
  });

  it('cannot be sent by someone who did not upload them, nor in another thread', async () => {
    const mine = (await clinicianUploads(pdf)).success.attachment;
    const taken = await callApi(
      t.app,
      sendMyMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Look', attachmentIds: [mine.id] },
      { token: member.tokens.accessToken },
    );
    expect(taken.status).toBe(404);
    const [row] = await t.app.db.select().from(messageAttachment).where(eq(messageAttachment.uploadId, mine.id));
    expect(row?.seqMessage).toBeNull();
  });

  it('disappear with their withdrawn message', async () => {
    const photo = (await patientUploads(jpeg)).success.attachment;
    const sent = (
      await callApi(
        t.app,
        sendMyMessage,
        { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'oops', attachmentIds: [photo.id] },
        { token: member.tokens.accessToken },
      )
    ).success.message;
    void (
      await callApi(t.app, withdrawMyMessage, { seqMessage: sent.seqMessage }, { token: member.tokens.accessToken })
    ).success;
    expect((await download(photo.url, clinician.tokens.accessToken)).statusCode).toBe(404);
    const thread = (
      await callApi(t.app, listMessages, { seqMedicalRelation: relation }, { token: clinician.tokens.accessToken })
    ).success.messageList;
    expect(thread.find((item) => item.seqMessage === sent.seqMessage)?.attachments).toEqual([]);
  });

  it('take their type from the bytes: a renamed executable and other files are refused, HEIC with how to send it', async () => {
    const before = await storedUploads();
    const renamed = await patientUploads(executable);
    expect(renamed.failure).toEqual({
      isSuccess: false,
      failedCode: FailedCode.UnsupportedAttachment,
      message: 'This file type cannot be sent. Attach a PDF, JPEG or PNG file.',
    });
    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
    expect((await patientUploads(gif)).failedCode).toBe(FailedCode.UnsupportedAttachment);
    const iphone = await patientUploads(heic);
    expect(iphone.failure.failedCode).toBe(FailedCode.HeicNotSupported);
    expect(iphone.failure.message).toContain('JPEG');
    // A JPEG's first bytes over a body that is not one.
    const broken = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(200, 0x41)]);
    expect((await patientUploads(broken)).failedCode).toBe(FailedCode.UnsupportedAttachment);
    expect(await storedUploads()).toBe(before);
  });

  it('may be 10 MB, and not a byte more', async () => {
    const before = await storedUploads();
    const largest = Buffer.concat([pdf, Buffer.alloc(messageRules.attachmentMaxBytes - pdf.length, 0x20)]);
    expect((await patientUploads(largest)).success.attachment.byteSize).toBe(messageRules.attachmentMaxBytes);
    const tooLarge = await patientUploads(Buffer.concat([largest, Buffer.from(' ')]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.error.failedCode).toBe(FailedCode.TooLarge);
    expect(await storedUploads()).toBe(before + 1);
  });

  it('are kept upright and without the photo’s metadata; a transparent image’s thumbnail is on white', async () => {
    const located = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#36c' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Pat Member, at home' } } })
      .toBuffer();
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const photo = (await patientUploads(located)).success.attachment;
    const kept = (await download(photo.url, member.tokens.accessToken)).rawPayload;
    const keptMetadata = await sharp(kept).metadata();
    expect([keptMetadata.exif, keptMetadata.orientation]).toEqual([undefined, undefined]);
    expect([keptMetadata.width, keptMetadata.height]).toEqual([200, 400]);

    const transparent = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const drawing = (await patientUploads(transparent)).success.attachment;
    const thumbnail = (await download(drawing.thumbnailUrl!, member.tokens.accessToken)).rawPayload;
    const { data } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it('wait unsent five at a time per sender and thread', async () => {
    const busy = await verifiedPatient(t.app, t.mail);
    const busyRelation = await registerMember(t.app, clinician.tokens.accessToken, busy.tokens.accessToken);
    for (let index = 0; index < messageRules.unsentMax; index += 1)
      expect((await patientUploads(pdf, busy, busyRelation)).status).toBe(200);
    const before = await storedUploads();
    const refused = await uploadFile(
      t.app,
      uploadMyMessageAttachment,
      busy.tokens.accessToken,
      pdf,
      { seqMedicalRelation: String(busyRelation) },
      { 'accept-language': 'cs' },
    );
    expect(refused.failure).toEqual({
      isSuccess: false,
      failedCode: FailedCode.TooManyUnsentAttachments,
      message: 'Máte 5 připojených souborů, které ještě nebyly odeslány. Než připojíte další, odešlete je ve zprávě.',
    });
    expect(await storedUploads()).toBe(before);
    // Another sender in the same thread is not held back by them.
    expect((await clinicianUploadsTo(pdf, busyRelation)).status).toBe(200);
  });

  it('leave no bytes behind when their rows cannot be written', async () => {
    const storedFiles = () => readdir(join(t.dataDir, 'uploads', 'message')).then((names) => names.length);
    const before = [await storedUploads(), await storedFiles()];
    // The attachment's row fails after both the image and its thumbnail were stored.
    await t.asOwner([
      `CREATE FUNCTION refuse_attachment() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'refused'; END; $$`,
      `CREATE TRIGGER refuse_attachment BEFORE INSERT ON message_attachment
       FOR EACH ROW EXECUTE FUNCTION refuse_attachment()`,
    ]);
    try {
      expect((await patientUploads(jpeg)).status).toBe(500);
    } finally {
      await t.asOwner(['DROP TRIGGER refuse_attachment ON message_attachment', 'DROP FUNCTION refuse_attachment()']);
    }
    expect([await storedUploads(), await storedFiles()]).toEqual(before);
  });

  it('cannot go to another clinician’s patient', async () => {
    const refused = await uploadFile(t.app, uploadMessageAttachment, otherClinician.tokens.accessToken, pdf, {
      seqMedicalRelation: String(relation),
    });
    expect(refused.status).toBe(404);
  });

  it('are refused for another clinician’s patient before the file has come, and the connection serves on', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const boundary = `boundary-${randomUUID()}`;
    const upload = request(`${origin}/api${uploadMessageAttachment.path}`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${otherClinician.tokens.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    try {
      // The fields and the file's first bytes: the answer cannot wait for the rest.
      upload.write(
        [
          `--${boundary}`,
          'Content-Disposition: form-data; name="seqMedicalRelation"',
          '',
          String(relation),
          `--${boundary}`,
          'Content-Disposition: form-data; name="file"; filename="report.pdf"',
          'Content-Type: application/pdf',
          '',
          '',
        ].join('\r\n'),
      );
      upload.write(pdf);
      const [refused] = (await once(upload, 'response')) as [IncomingMessage];
      expect(refused.statusCode).toBe(404);
      refused.resume();
      // The rest, more than the sockets' buffers hold, is taken and thrown away: the client's next
      // request goes over the same connection once this one has ended.
      upload.end(Buffer.concat([Buffer.alloc(3 * 1024 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      const next = request(`${origin}/api/healthz`, { agent });
      next.end();
      const [answered] = (await once(next, 'response')) as [IncomingMessage];
      expect(answered.statusCode).toBe(200);
      answered.resume();
    } finally {
      upload.destroy();
      agent.destroy();
    }
  });

  it('are removed when they wait unsent for a day; a sent one stays', async () => {
    const unsent = (await patientUploads(jpeg)).success.attachment;
    const kept = (await patientUploads(pdf)).success.attachment;
    await callApi(
      t.app,
      sendMyMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Kept', attachmentIds: [kept.id] },
      { token: member.tokens.accessToken },
    );
    const storedFiles = () => readdir(join(t.dataDir, 'uploads', 'message'));
    expect(await storedFiles()).toContain(unsent.id);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await t.app.jobs.tick();
    await relogin(t.app, member);
    expect((await download(unsent.url, member.tokens.accessToken)).statusCode).toBe(404);
    expect((await download(kept.url, member.tokens.accessToken)).statusCode).toBe(200);
    const files = await storedFiles();
    expect(files).not.toContain(unsent.id);
    expect(files).toContain(kept.id);
    // No bytes outlive their row, the thumbnails' included.
    const rows = await t.app.db.select({ id: upload.id }).from(upload).where(eq(upload.folder, 'message'));
    expect(files.toSorted()).toEqual(rows.map((row) => row.id).toSorted());
  });
});
