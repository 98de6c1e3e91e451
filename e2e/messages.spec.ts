import { randomUUID } from 'node:crypto';
import {
  getPatientMonitoring,
  getReport,
  listMyMessages,
  listReports,
  sendMyMessage,
  uploadMyMessageAttachment,
  withdrawMyMessage,
} from '@clinic/contract';
import { en as contractEn } from '@clinic/contract/messages/en';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { kb, makeJpeg, makePdf } from './message-files.ts';
import { accessTokenOf, callApi, newClinicianSession, newPatientOf, setSwitch, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The first bytes of a Linux executable, which no name makes a PDF. */
const elfBytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

describe("secure messages in the clinician's browser", () => {
  it('exchanges texts and files with a patient, live, with badges, read marks, withdrawal and templates', async () => {
    const { page } = await newClinicianSession(stack);
    const { member, seqMedicalRelation } = await newPatientOf(stack, await accessTokenOf(page), { label: 'messages' });
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
    const { page } = await newClinicianSession(stack);
    const { member, seqMedicalRelation } = await newPatientOf(stack, await accessTokenOf(page), {
      label: 'away',
      member: { patientName: 'Oskar Lind', patientInfoBirth: '1958-03-02', patientInfoGender: 'M' },
    });
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

  it('counts unread messages on the patient list, and puts the thread in the record, the report and the minutes', async () => {
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { member, seqMedicalRelation } = await newPatientOf(stack, token, {
      label: 'record',
      member: { patientName: 'Lena Horak' },
    });
    const patientSends = (text: string) =>
      callApi(stack, sendMyMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text }, member.token);
    const unread = (count: number) => t.messaging.unreadCount.replace('{{count}}', String(count));
    const dayPattern = '\\d{2}/\\d{2}/\\d{4}';

    // The patient list counts the patient's unread messages live, a withdrawn one not.
    await page.goto('/patientList');
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Lena Horak' });
    await row.waitFor();
    expect(await row.getByTestId('patient-unread').count()).toBe(0);
    await patientSends('My knee clicks when I climb stairs');
    await row.getByText(unread(1)).waitFor({ timeout: 2000 });
    const slip = await patientSends('Wrong thread, sorry');
    await row.getByText(unread(2)).waitFor({ timeout: 2000 });
    await callApi(stack, withdrawMyMessage, { seqMessage: slip.message.seqMessage }, member.token);
    await row.getByText(unread(1)).waitFor({ timeout: 2000 });
    await expectAccessible(page, 'the patient list with an unread badge');

    // The medical record has one entry for the day, which opens the thread at its first message.
    await page.goto(`/patientList/details/record?id=${seqMedicalRelation}`);
    const record = page.getByRole('region', { name: t.record.title, exact: true });
    await record.getByText(t.record.messagesEntry.replace('{{count}}', '2'), { exact: true }).waitFor();
    await expectAccessible(page, 'the medical record with a day of messages');
    await record
      .getByRole('link', { name: new RegExp(`^${t.record.openThread.replace('{{date}}', dayPattern)}$`) })
      .click();
    await page.waitForURL(/\/patientList\/details\/messages\?id=\d+&day=\d{4}-\d{2}-\d{2}$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('My knee clicks when I climb stairs');

    // The clinician answers with a file, then logs the time spent on the thread.
    const composer = page.getByRole('form', { name: t.messaging.composer.label });
    await composer.locator('input[type="file"]').setInputFiles({
      name: 'stair-exercises.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await composer
      .getByRole('list', { name: t.messaging.composer.files })
      .getByText(/^stair-exercises\.pdf/)
      .waitFor();
    await composer.getByLabel(t.messaging.composer.text, { exact: true }).fill('Try these before the stairs.');
    await composer.getByRole('button', { name: t.messaging.composer.send, exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: 'Try these before the stairs.' }).waitFor();
    const timeLog = page.getByRole('form', { name: t.monitoringBilling.messagesLog.title });
    expect(await timeLog.getByLabel(t.monitoringBilling.interactiveField).count()).toBe(0);
    await timeLog.getByLabel(t.monitoringBilling.minutesField, { exact: true }).fill('15');
    await timeLog.getByRole('button', { name: t.monitoringBilling.add, exact: true }).click();
    const logged = t.monitoringBilling.messagesLog.logged.replace('{{minutes}}', '15').replace('{{date}}', dayPattern);
    await page.getByText(new RegExp(`^${logged.replace('.', '\\.')}$`)).waitFor();
    await expectAccessible(page, 'the thread with its time log');
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const { monitoring } = await callApi(stack, getPatientMonitoring, { seqMedicalRelation, month }, token);
    expect(monitoring.entries).toMatchObject([
      { minutes: 15, activity: 'communication', interactive: false, source: 'messages' },
    ]);
    expect(monitoring.month).toMatchObject({ loggedMinutes: 15, interactive: false });

    // Reading the thread cleared the patient's badge.
    await page.goto('/patientList');
    await row.waitFor();
    expect(await row.getByTestId('patient-unread').count()).toBe(0);

    // The report lists the period's messages once ticked, and keeps them when saved.
    await page.goto(`/patientList/details/report?id=${seqMedicalRelation}`);
    const builder = page.getByRole('region', { name: t.report.builder });
    await builder.getByLabel(t.report.messages.include, { exact: true }).check();
    const section = page.getByRole('region', { name: t.report.messages.title, exact: true });
    await section.getByRole('cell', { name: 'My knee clicks when I climb stairs' }).waitFor();
    await section.getByText(t.report.messages.withdrawn, { exact: true }).waitFor();
    await section.getByText(t.report.messages.files.replace('{{names}}', 'stair-exercises.pdf')).waitFor();
    await section.getByRole('cell', { name: 'Lena Horak', exact: true }).first().waitFor();
    await expectAccessible(page, 'the report with its messages');
    await page.getByRole('button', { name: t.report.save, exact: true }).click();
    await page.getByText(t.report.savedNotice).waitFor();
    const { reportList } = await callApi(stack, listReports, { seqMedicalRelation }, token);
    const { report } = await callApi(stack, getReport, { seqReport: reportList[0]!.seqReport }, token);
    expect(report.data.messages?.map((message) => message.text)).toEqual([
      'My knee clicks when I climb stairs',
      null,
      'Try these before the stairs.',
    ]);

    // The record and the thread with its time log in the other languages.
    for (const language of ['ko', 'zh-HK', 'cs'] as const) {
      const words = ui[language];
      await page.goto(`/patientList/details/record?id=${seqMedicalRelation}&lang=${language}`);
      await page
        .getByRole('region', { name: words.record.title, exact: true })
        .getByText(words.record.kindMessages, { exact: true })
        .waitFor();
      await expectAccessible(page, `the medical record with messages in ${language}`);
      await page.goto(`/patientList/details/messages?id=${seqMedicalRelation}&lang=${language}`);
      await page.getByRole('form', { name: words.monitoringBilling.messagesLog.title }).waitFor();
      await expectAccessible(page, `the thread with its time log in ${language}`);
    }
  });
});
