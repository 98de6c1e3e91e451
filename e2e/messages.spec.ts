import { randomUUID } from 'node:crypto';
import { addPatient, listMyMessages, sendMyMessage, uploadMyMessageAttachment } from '@clinic/contract';
import { en as contractEn } from '@clinic/contract/messages/en';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, setSwitch, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** A one-page PDF a viewer can open: its cross-reference table points at each object's first byte. */
function makePdf(): Buffer {
  const stream = 'BT /F1 18 Tf 40 100 Td (Home exercises) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small real JPEG drawn by the browser. */
async function makeJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#0b7285';
    context.fillRect(0, 0, 120, 90);
    context.fillStyle = '#f08c00';
    context.fillRect(30, 20, 60, 50);
    return canvas.toDataURL('image/jpeg').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

/** The first bytes of a Linux executable, which no name makes a PDF. */
const elfBytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

/** The size the screens show for a file of this many bytes. */
const kb = (bytes: number): string => `${Math.max(1, Math.round(bytes / 1024))} KB`;

describe("secure messages in the clinician's browser", () => {
  it('exchanges texts and files with a patient, live, with badges, read marks, withdrawal and templates', async () => {
    const userEmail = `messages.${Date.now()}@example.com`;
    const member = await appMember(stack, {
      userEmail,
      patientName: 'Ines Varga',
      patientInfoBirth: '1963-07-21',
      patientInfoGender: 'F',
    });
    const { page } = await newClinicianSession(stack);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 170, weightKg: 70, deviceType: 2 },
      await accessTokenOf(page),
    );
    const patientSends = (text: string) =>
      callApi(stack, sendMyMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text }, member.token);
    const patientReads = () => callApi(stack, listMyMessages, { seqMedicalRelation }, member.token);
    /** The patient's app uploads a file as a browser's FormData sends it, and answers its id. */
    const patientUploads = async (name: string, type: string, bytes: Buffer): Promise<string> => {
      const body = new FormData();
      body.append('seqMedicalRelation', String(seqMedicalRelation));
      body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const response = await fetch(`${stack.url}/api${uploadMyMessageAttachment.path}`, {
        method: uploadMyMessageAttachment.method,
        headers: { authorization: `Bearer ${member.token}` },
        body,
      });
      const reply = uploadMyMessageAttachment.reply.parse(await response.json());
      if (!reply.isSuccess) throw new Error(`upload refused: ${reply.failedCode}`);
      return reply.attachment.id;
    };

    // The patient's Messages tab is open with its socket ready before the patient writes.
    await page.goto(`/patientList/details/messages?id=${seqMedicalRelation}`);
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    expect(
      await page.getByRole('tab', { name: t.patientDetails.tabs.messages, exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    const thread = page.getByRole('region', { name: t.messaging.threadTitle, exact: true });
    await thread.getByText(t.messaging.empty).waitFor();
    const messages = thread.getByRole('list', { name: t.messaging.listLabel });
    const item = (text: string) => messages.getByRole('listitem').filter({ hasText: text });
    const badge = page.getByTestId('messages-badge');

    // A message to the open tab shows at once and is read there: the badge stays away.
    await patientSends('The knee is swollen after the stairs');
    await item('The knee is swollen after the stairs').waitFor({ timeout: 2000 });
    await item('The knee is swollen after the stairs').getByText('Ines Varga', { exact: true }).waitFor();
    await expect.poll(async () => (await patientReads()).messageList[0]?.readAt ?? null).not.toBeNull();
    await expect.poll(() => badge.count()).toBe(0);

    // With the inbox open instead, the next one is counted in the menu and in the patient's row.
    await page.getByRole('navigation').getByRole('link', { name: t.menu.messages }).click();
    const inbox = page.getByRole('table', { name: t.messaging.inbox.title });
    await inbox.getByRole('link', { name: 'Ines Varga', exact: true }).waitFor();
    await patientSends('Should I still do the squats?');
    await badge.getByText(t.messaging.unreadCount.replace('{{count}}', '1')).waitFor({ timeout: 2000 });
    const row = inbox.getByRole('row').filter({ hasText: 'Ines Varga' });
    await row.getByText('Should I still do the squats?').waitFor();
    await row.getByText(t.messaging.unreadCount.replace('{{count}}', '1')).waitFor();
    await expectAccessible(page, 'the messages inbox with an unread thread');

    // Opening the thread reads it: the menu badge clears.
    await inbox.getByRole('link', { name: 'Ines Varga', exact: true }).click();
    await page.waitForURL(`**/patientList/details/messages?id=${seqMedicalRelation}`);
    await item('Should I still do the squats?').waitFor();
    await expect.poll(() => badge.count()).toBe(0);

    // The clinician answers with a text, then with a PDF and a JPEG.
    const composer = page.getByRole('form', { name: t.messaging.composer.label });
    const textBox = composer.getByLabel(t.messaging.composer.text, { exact: true });
    const send = composer.getByRole('button', { name: t.messaging.composer.send, exact: true });
    await textBox.fill('Skip the squats this week. Ice it twice a day.');
    await send.click();
    await item('Ice it twice a day.').getByText(t.messaging.you, { exact: true }).waitFor();
    await expect.poll(() => textBox.inputValue()).toBe('');

    const pdf = makePdf();
    const jpeg = await makeJpeg(page);
    await composer.locator('input[type="file"]').setInputFiles([
      { name: 'exercise-plan.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'knee.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    const attached = composer.getByRole('list', { name: t.messaging.composer.files });
    await attached.getByText(`exercise-plan.pdf (${kb(pdf.length)})`).waitFor();
    // The server keeps an image re-encoded without its metadata, so its size is the server's.
    await attached.getByText(/^knee\.jpg \(\d+ KB\)$/).waitFor();
    await textBox.fill('Your plan and the photo of the brace');
    await send.click();
    const withFiles = item('Your plan and the photo of the brace');
    const pdfButton = withFiles.getByRole('button', { name: `exercise-plan.pdf (${kb(pdf.length)})`, exact: true });
    await pdfButton.waitFor();
    const photo = withFiles.getByRole('button', {
      name: new RegExp(
        `^${t.messaging.openFile.replace('{{name}}', 'knee\\.jpg').replace('({{size}})', '\\(\\d+ KB\\)')}$`,
      ),
    });
    // The thumbnail is the server's own small JPEG, read with the session.
    await expect
      .poll(() => photo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);

    // The PDF opens in a new tab, from the bytes fetched with the session.
    const [tab] = await Promise.all([page.waitForEvent('popup'), pdfButton.click()]);
    await tab.waitForURL(/^blob:/);
    // Chromium's own viewer shows it.
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    await tab.close();

    // The patient receives both, files included, and reading them shows "Read" to the clinician.
    const received = await patientReads();
    const sent = received.messageList.filter((message) => message.senderRole === 'clinician');
    expect(sent.map((message) => message.text)).toEqual([
      'Skip the squats this week. Ice it twice a day.',
      'Your plan and the photo of the brace',
    ]);
    expect(sent[1]?.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['exercise-plan.pdf', 'application/pdf'],
      ['knee.jpg', 'image/jpeg'],
    ]);
    const readMark = new RegExp(`^${t.messaging.read.replace('{{when}}', '\\d{2}:\\d{2}')}$`);
    await withFiles.getByText(readMark).waitFor({ timeout: 2000 });

    // The patient's files reach the open thread too.
    const attachmentIds = [
      await patientUploads('swelling.jpg', 'image/jpeg', jpeg),
      await patientUploads('discharge-letter.pdf', 'application/pdf', pdf),
    ];
    await callApi(
      stack,
      sendMyMessage,
      { seqMedicalRelation, idempotencyKey: randomUUID(), text: 'A photo from this morning', attachmentIds },
      member.token,
    );
    const fromPatient = item('A photo from this morning');
    await fromPatient
      .getByRole('button', { name: `discharge-letter.pdf (${kb(pdf.length)})`, exact: true })
      .waitFor({ timeout: 2000 });
    await expect
      .poll(() =>
        fromPatient.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectAccessible(page, 'the thread with messages and files');

    // An executable named like a PDF is refused by its bytes, in words, and nothing is attached.
    await composer
      .locator('input[type="file"]')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: elfBytes });
    await composer.getByRole('alert').getByText(`report.pdf: ${contractEn.MS0004}`).waitFor();
    expect(await composer.getByRole('list', { name: t.messaging.composer.files }).count()).toBe(0);
    await expectAccessible(page, 'the composer with a refused file');

    // The clinician withdraws the first answer: both sides see it withdrawn.
    await item('Ice it twice a day.').getByRole('button', { name: t.messaging.withdraw, exact: true }).click();
    await page
      .getByRole('dialog', { name: t.messaging.withdrawTitle })
      .getByRole('button', { name: t.messaging.withdraw, exact: true })
      .click();
    await page.getByText(t.messaging.withdrawnNotice).waitFor();
    await expect.poll(() => item('Ice it twice a day.').count()).toBe(0);
    await messages.getByRole('listitem').filter({ hasText: t.messaging.withdrawn }).waitFor();
    const afterWithdraw = (await patientReads()).messageList.find((message) => message.withdrawnAt !== null);
    expect(afterWithdraw).toMatchObject({ text: null, attachments: [], senderRole: 'clinician' });

    // A template kept on My page is inserted and sent with the patient's first name filled in.
    await page.getByRole('navigation').getByRole('link', { name: t.menu.myPage, exact: true }).click();
    const templates = page.getByRole('region', { name: t.messaging.templates.title, exact: true });
    await templates.getByText(t.messaging.templates.none).waitFor();
    await templates.getByRole('button', { name: t.messaging.templates.add, exact: true }).click();
    const form = page.getByRole('dialog', { name: t.messaging.templates.addTitle });
    await form.getByLabel(t.messaging.templates.titleField).fill('Check-in');
    await form.getByLabel(t.messaging.templates.bodyField).fill('Hello {patientFirstName}, how is the knee today?');
    await form.getByRole('button', { name: t.messaging.templates.save, exact: true }).click();
    await templates.getByRole('listitem', { name: 'Check-in' }).waitFor();
    await expectAccessible(page, "My page's reply templates");

    await page.goBack();
    await page.waitForURL(`**/patientList/details/messages?id=${seqMedicalRelation}`);
    await composer.getByRole('button', { name: t.messaging.templates.insert, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Check-in', exact: true }).click();
    await expect.poll(() => textBox.inputValue()).toBe('Hello {patientFirstName}, how is the knee today?');
    await send.click();
    await item('Hello Ines, how is the knee today?').waitFor();

    // A variable the patient has no value for refuses the message, which stays in the composer.
    await textBox.fill('See you on {nextVisit}');
    await send.click();
    await composer.getByRole('alert').getByText(contractEn.MS0102).waitFor();
    expect(await textBox.inputValue()).toBe('See you on {nextVisit}');
    expect(await item('See you on').count()).toBe(0);
    expect((await patientReads()).messageList.at(-1)?.text).toBe('Hello Ines, how is the knee today?');

    // The inbox and the thread in the other languages.
    for (const language of ['ko', 'zh-HK', 'cs'] as const) {
      const words = ui[language];
      await page.goto(`/messages?lang=${language}`);
      await page
        .getByRole('table', { name: words.messaging.inbox.title })
        .getByRole('link', { name: 'Ines Varga', exact: true })
        .waitFor();
      await expectAccessible(page, `the messages inbox in ${language}`);
      await page.goto(`/patientList/details/messages?id=${seqMedicalRelation}&lang=${language}`);
      await page.getByRole('list', { name: words.messaging.listLabel }).getByText(words.messaging.withdrawn).waitFor();
      await expectAccessible(page, `the thread in ${language}`);
    }
  });

  it('answers a patient during the vacation set on My page once, with its text', async () => {
    const member = await appMember(stack, {
      userEmail: `away.${Date.now()}@example.com`,
      patientName: 'Oskar Lind',
      patientInfoBirth: '1958-03-02',
      patientInfoGender: 'M',
    });
    const { page } = await newClinicianSession(stack);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 180, weightKg: 80, deviceType: 2 },
      await accessTokenOf(page),
    );
    // From yesterday to a week on: today in any time zone.
    const day = (offset: number): string => {
      const date = new Date(Date.now() + offset * 86_400_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
    };

    await page.getByRole('navigation').getByRole('link', { name: t.menu.myPage, exact: true }).click();
    const away = page.getByRole('region', { name: t.messaging.away.title, exact: true });
    const vacation = away.getByRole('group', { name: t.messaging.away.vacation });
    await setSwitch(vacation, t.messaging.away.onVacation, true);
    await vacation.getByLabel(t.messaging.away.from, { exact: true }).fill(day(-1));
    await vacation.getByLabel(t.messaging.away.to, { exact: true }).fill(day(7));
    await vacation.getByRole('textbox', { name: ui.en.language.names.en }).fill('I am away this week.');
    await away.getByRole('button', { name: t.messaging.away.save, exact: true }).click();
    await away.getByText(t.messaging.away.saved).waitFor();
    await expectAccessible(page, "My page's automatic replies");
    for (const language of ['ko', 'zh-HK', 'cs'] as const) {
      await page.goto(`/options?lang=${language}`);
      await page
        .getByRole('region', { name: ui[language].messaging.away.title, exact: true })
        .getByRole('switch', { name: ui[language].messaging.away.onVacation })
        .waitFor();
      await expectAccessible(page, `My page's automatic replies in ${language}`);
    }

    const patientSends = (text: string) =>
      callApi(stack, sendMyMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text }, member.token);
    await patientSends('Can we move the next visit?');
    await patientSends('It is about Thursday.');
    const automatic = async () =>
      (await callApi(stack, listMyMessages, { seqMedicalRelation }, member.token)).messageList.filter(
        (message) => message.automatic !== null,
      );
    await expect.poll(async () => (await automatic()).length).toBe(1);
    expect(await automatic()).toMatchObject([{ automatic: 'vacation', text: 'I am away this week.' }]);
  });
});
