import { randomUUID } from 'node:crypto';
import {
  addPatient,
  issueSyncAuthCode,
  listMessages,
  sendMessage,
  sendMyMessage,
  type PatientPush,
} from '@clinic/contract';
import { en as contractEn } from '@clinic/contract/messages/en';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientCs from '../apps/patient/web/locales/cs.json';
import patientEn from '../apps/patient/web/locales/en.json';
import patientKo from '../apps/patient/web/locales/ko.json';
import patientZhHK from '../apps/patient/web/locales/zh-HK.json';
import { expectAccessible, expectFitsWidth, startStack, type Stack } from './harness.ts';
import { kb, makeJpeg, makePdf } from './message-files.ts';
import {
  accessTokenOf,
  callApi,
  clinicianTokenByApi,
  newClinicianSession,
  newPatientOf,
  keptQueries,
  patientLogIn,
  patientPushes,
  phoneProfile,
  ui,
} from './steps.ts';

const t = ui.en;
const p = patientEn;
const patientWords = { en: patientEn, ko: patientKo, 'zh-HK': patientZhHK, cs: patientCs } as const;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The patient app's socket is open: what arrives now is shown at once. */
async function live(page: Page): Promise<void> {
  await page.getByText(p.app.live).waitFor({ state: 'attached' });
}

/**
 * The app's worker is activated and controls the page: the app opens offline, and a push is not
 * dropped (a worker still activating would drop it).
 */
async function workerActive(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/patient/');
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

/** The open thread of the patient app in a page: its messages and its composer. */
function threadOn(page: Page) {
  const thread = page.getByRole('list', { name: p.messages.listLabel });
  const composer = page.getByRole('form', { name: p.messages.composer.label });
  return {
    thread,
    item: (text: string) => thread.getByRole('listitem').filter({ hasText: text }),
    composer,
    textBox: composer.getByLabel(p.messages.composer.text, { exact: true }),
    send: composer.getByRole('button', { name: p.messages.composer.send, exact: true }),
  };
}

/** The first bytes of a Linux executable, which no name makes a PDF. */
const elfBytes = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

/**
 * Sends with a click and waits for the server's reply to the send: the other side's tab is then
 * held to showing the message within 2 s.
 */
async function sent(page: Page, send: Locator, path: string): Promise<void> {
  const reply = page.waitForResponse((response) => new URL(response.url()).pathname === `/api${path}`);
  await send.click();
  expect((await reply).ok()).toBe(true);
}

/** A message's time as the screens show it: the clock alone today. */
const clock = '\\d{1,2}:\\d{2}(\\s?[AP]M)?';

describe("secure messages in the patient's app", () => {
  it('exchanges texts and files live with the clinician, with badges, read marks and withdrawal', async () => {
    const { page: clinic } = await newClinicianSession(stack);
    const clinicianToken = await accessTokenOf(clinic);
    const { userEmail, seqMedicalRelation } = await newPatientOf(stack, clinicianToken, {
      label: 'patient-messages',
    });
    const clinicianSends = (text: string) =>
      callApi(stack, sendMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text }, clinicianToken);

    // The clinician has the patient's thread open.
    await clinic.goto(`/patientList/details/messages?id=${seqMedicalRelation}`);
    await clinic.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const clinicItem = (text: string) =>
      clinic.getByRole('list', { name: t.messaging.listLabel }).getByRole('listitem').filter({ hasText: text });
    const clinicComposer = clinic.getByRole('form', { name: t.messaging.composer.label });
    const clinicText = clinicComposer.getByLabel(t.messaging.composer.text, { exact: true });
    const clinicSend = clinicComposer.getByRole('button', { name: t.messaging.composer.send, exact: true });
    const clinicRead = new RegExp(`^${t.messaging.read.replace('{{when}}', clock)}$`);

    const phone = await phoneProfile(stack, { height: 740, notifications: true });
    try {
      const { page } = phone;
      // With one clinician, the messages tab opens the thread itself.
      await patientLogIn(page, userEmail, '/patient/?screen=messages');
      const title = p.messages.withClinician.replace('{{clinician}}', 'Grace Hopper');
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(p.messages.empty.replace('{{clinician}}', 'Grace Hopper')).waitFor();
      await live(page);
      await expectAccessible(page, 'the patient app, an empty thread');
      const { thread, item, composer, textBox, send } = threadOn(page);

      // The patient writes; the clinician's open tab shows it at once, and reads it: "Read" for the patient.
      await textBox.fill('My knee is stiff in the morning. I followed https://example.org/knee-guide.');
      await sent(page, send, sendMyMessage.path);
      await clinicItem('My knee is stiff in the morning.').waitFor({ timeout: 2000 });
      const first = item('My knee is stiff in the morning.');
      const link = first.getByRole('link', { name: 'https://example.org/knee-guide', exact: true });
      expect(await link.getAttribute('href')).toBe('https://example.org/knee-guide');
      expect(await link.getAttribute('rel')).toContain('noopener');
      await first.getByText(new RegExp(`^${p.messages.read.replace('{{time}}', clock)}$`)).waitFor();
      await expect.poll(() => textBox.inputValue()).toBe('');

      // The clinician answers with a text, then with a PDF and a JPEG: each shows on the phone at once.
      await clinicText.fill('Warm up for five minutes before the exercises.');
      await sent(clinic, clinicSend, sendMessage.path);
      await item('Warm up for five minutes before the exercises.').waitFor({ timeout: 2000 });
      const pdf = makePdf();
      const jpeg = await makeJpeg(clinic);
      await clinicComposer.locator('input[type="file"]').setInputFiles([
        { name: 'exercise-plan.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'brace.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      ]);
      const clinicFiles = clinicComposer.getByRole('list', { name: t.messaging.composer.files });
      await clinicFiles.getByText(`exercise-plan.pdf (${kb(pdf.length)})`).waitFor();
      await clinicFiles.getByText(/^brace\.jpg \(\d+ KB\)$/).waitFor();
      await clinicText.fill('Your plan and a photo of the brace');
      await sent(clinic, clinicSend, sendMessage.path);
      const withFiles = item('Your plan and a photo of the brace');
      await withFiles.waitFor({ timeout: 2000 });
      const pdfButton = withFiles.getByRole('button', { name: `exercise-plan.pdf (${kb(pdf.length)})`, exact: true });
      await pdfButton.waitFor();
      // The thumbnail is the server's small JPEG, fetched with the session.
      const thumbnail = withFiles.getByRole('button', {
        name: new RegExp(
          `^${p.messages.openFile.replace('{{name}}', 'brace\\.jpg').replace('({{size}})', '\\(\\d+ KB\\)')}$`,
        ),
      });
      await expect
        .poll(() =>
          thumbnail.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0);
      // The PDF opens in a new tab from the bytes fetched with the session: no token in any address.
      const [tab] = await Promise.all([page.waitForEvent('popup'), pdfButton.click()]);
      await tab.waitForURL(/^blob:/);
      expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
      await tab.close();

      // The patient sends a JPEG and a PDF; the clinician's tab shows both at once.
      await composer.locator('input[type="file"]').setInputFiles([
        { name: 'swelling.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        { name: 'discharge-letter.pdf', mimeType: 'application/pdf', buffer: pdf },
      ]);
      const attached = composer.getByRole('list', { name: p.messages.composer.files });
      await attached.getByText(`discharge-letter.pdf (${kb(pdf.length)})`).waitFor();
      await attached.getByText(/^swelling\.jpg \(\d+ KB\)$/).waitFor();
      await textBox.fill('A photo from this morning');
      await sent(page, send, sendMyMessage.path);
      const fromPatient = clinicItem('A photo from this morning');
      await fromPatient
        .getByRole('button', { name: `discharge-letter.pdf (${kb(pdf.length)})`, exact: true })
        .waitFor({ timeout: 2000 });
      await expect
        .poll(() =>
          fromPatient.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBeGreaterThan(0);
      await item('A photo from this morning')
        .getByRole('button', { name: /swelling\.jpg/ })
        .waitFor();
      await expectAccessible(page, 'the patient thread with texts, a link and files');
      await expectFitsWidth(page);

      // An executable named like a PDF is refused by its bytes, in words, and nothing is attached.
      await composer
        .locator('input[type="file"]')
        .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: elfBytes });
      await composer.getByRole('alert').getByText(`report.pdf: ${contractEn.MS0004}`).waitFor();
      expect(await attached.count()).toBe(0);
      await expectAccessible(page, 'the patient composer with a refused file');

      // The patient withdraws the first message: both sides show it withdrawn.
      await first.getByRole('button', { name: p.messages.withdraw, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: p.messages.withdrawTitle });
      await confirm.getByRole('button', { name: p.messages.withdraw, exact: true }).waitFor();
      await expectAccessible(page, 'the patient app, withdrawing a message');
      await confirm.getByRole('button', { name: p.messages.withdraw, exact: true }).click();
      await expect.poll(() => first.count()).toBe(0);
      await thread.getByText(p.messages.withdrawn).waitFor();
      await clinic
        .getByRole('list', { name: t.messaging.listLabel })
        .getByText(t.messaging.withdrawn)
        .waitFor({ timeout: 2000 });

      // Elsewhere in the app, the navigation counts what arrives; opening the thread clears it.
      const nav = page.getByRole('navigation', { name: p.nav.label });
      await nav.getByRole('link', { name: p.nav.home, exact: true }).click();
      await page.getByRole('heading', { name: p.home.upcoming }).waitFor();
      const badge = nav.getByTestId('messages-badge');
      await clinicianSends('How was the walk today?');
      await clinicianSends('Remember the ice afterwards.');
      await expect.poll(() => badge.textContent()).toBe('2');
      await nav.getByRole('link', { name: new RegExp(p.nav.unread.replace('{{count}}', '2')) }).waitFor();
      await expectAccessible(page, 'the patient app with unread messages');
      await nav.getByRole('link', { name: new RegExp(`^${p.nav.messages}`) }).click();
      await item('Remember the ice afterwards.').waitFor();
      await expect.poll(() => badge.count()).toBe(0);
      await clinicItem('Remember the ice afterwards.').getByText(clinicRead).waitFor({ timeout: 2000 });
    } finally {
      await phone.close();
    }
  }, 400_000);

  it('tells the patient of messages while the app is closed, opens the thread from the push, sends what was written offline, in four languages', async () => {
    const { page: clinic } = await newClinicianSession(stack);
    const clinicianToken = await accessTokenOf(clinic);
    await clinic.close();
    const { userEmail, member, seqMedicalRelation } = await newPatientOf(stack, clinicianToken, {
      label: 'patient-messages-push',
    });
    const clinicianSends = (text: string) =>
      callApi(stack, sendMessage, { seqMedicalRelation, idempotencyKey: randomUUID(), text }, clinicianToken);
    const phone = await phoneProfile(stack, { height: 740, notifications: true });
    try {
      const { context, page } = phone;
      await patientLogIn(page, userEmail, '/patient/?screen=messages');
      await page.getByText(p.messages.empty.replace('{{clinician}}', 'Grace Hopper')).waitFor();
      await workerActive(page);

      // With the app's tab closed, the clinician's messages make one notification (the server tells
      // a patient without a push service by mail, once in 5 minutes however many messages come).
      const blank = await context.newPage();
      const pushes = await patientPushes(stack, blank);
      await page.close();
      const since = stack.mail.messages.length;
      await expect
        .poll(
          async () => {
            await clinicianSends('Are you doing the exercises?');
            return stack.mail.messages.slice(since).filter((mail) => mail.to.includes(userEmail)).length;
          },
          { interval: 2000 },
        )
        .toBeGreaterThan(0);
      const mail = await stack.mail.next(userEmail, since);
      expect(mail.text).toContain(`/patient/?messages=${seqMedicalRelation}`);
      expect(mail.text).not.toContain('Are you doing the exercises?');
      await clinicianSends('Two sets of ten are enough.');

      // Their push as the server writes it (a phone with a push service gets it instead of the mail),
      // delivered to the phone's worker, shows and opens the thread.
      const push: PatientPush = {
        key: randomUUID(),
        type: 'messageReceived',
        title: 'New message',
        body: 'Grace Hopper sent you a message.',
        url: `/patient/?messages=${seqMedicalRelation}`,
        time: new Date().toISOString(),
      };
      expect(await pushes.deliver(push)).toEqual([
        { title: push.title, body: push.body, data: { url: `/patient/?messages=${seqMedicalRelation}` } },
      ]);
      const app = await context.newPage();
      await app.goto('/patient/');
      await app.getByRole('heading', { name: p.home.upcoming }).waitFor();
      const appBadge = app.getByRole('navigation', { name: p.nav.label }).getByTestId('messages-badge');
      await app
        .getByRole('navigation', { name: p.nav.label })
        .getByRole('link', { name: new RegExp(p.nav.unread.replace('{{count}}', '\\d+')) })
        .waitFor();
      await pushes.tap();
      await app.waitForURL(`${stack.url}/patient/?messages=${seqMedicalRelation}`);
      await app.getByRole('list', { name: p.messages.listLabel }).getByText('Two sets of ten are enough.').waitFor();
      await expect.poll(() => appBadge.count()).toBe(0);
      expect(stack.mail.messages.slice(since).filter((sent) => sent.to.includes(userEmail))).toHaveLength(1);

      // The thread in the other languages.
      for (const language of ['ko', 'zh-HK', 'cs'] as const) {
        const words = patientWords[language];
        await app.goto(`/patient/?messages=${seqMedicalRelation}&lang=${language}`);
        await app
          .getByRole('list', { name: words.messages.listLabel })
          .getByText('Two sets of ten are enough.')
          .waitFor();
        await expectAccessible(app, `the patient thread in ${language}`);
        await expectFitsWidth(app);
      }

      // With a second clinician, the messages tab lists the threads first, each opening its own.
      const secondClinician = await clinicianTokenByApi(stack);
      const { patientSyncAuthCode } = await callApi(stack, issueSyncAuthCode, {}, member.token);
      await callApi(
        stack,
        addPatient,
        { patientSyncAuthCode, heightCm: 170, weightKg: 70, deviceType: 2 },
        secondClinician,
      );
      for (const language of ['en', 'ko', 'zh-HK', 'cs'] as const) {
        const words = patientWords[language];
        await app.goto(`/patient/?screen=messages&lang=${language}`);
        await app.getByRole('heading', { name: words.messages.title, exact: true }).waitFor();
        await app.getByRole('link', { name: /^Grace Hopper/ }).waitFor();
        await app.getByText(words.messages.noMessagesYet).waitFor();
        await expectAccessible(app, `the patient's threads in ${language}`);
        await expectFitsWidth(app);
      }
      await app.getByRole('link', { name: /^Grace Hopper/ }).click();
      await app.waitForURL(`**/patient/?lang=cs&messages=${seqMedicalRelation}`);
      await app
        .getByRole('heading', { name: patientCs.messages.withClinician.replace('{{clinician}}', 'Grace Hopper') })
        .waitFor();
      // Written offline, a message waits on the phone and is sent once when the connection is back.
      await app.goto(`/patient/?messages=${seqMedicalRelation}&lang=en`);
      await live(app);
      await workerActive(app);
      const onApp = threadOn(app);
      await context.setOffline(true);
      await onApp.textBox.fill('Written on the train without signal');
      await onApp.send.click();
      const offline = onApp.item('Written on the train without signal');
      await offline.getByText(p.messages.waiting).waitFor();
      await context.setOffline(false);
      await expect.poll(() => offline.getByText(p.messages.waiting).count()).toBe(0);
      // Kept on the phone before the connection goes again (the copy is saved a moment after a change).
      await expect.poll(() => keptQueries(app)).toContain('Written on the train without signal');
      // The server has it once, though the phone may have tried to send it more than once.
      const { messageList } = await callApi(stack, listMessages, { seqMedicalRelation }, clinicianToken);
      expect(messageList.filter((message) => message.text === 'Written on the train without signal')).toHaveLength(1);

      // Offline, the thread opens from the copy kept on the phone, saying as of when.
      await context.setOffline(true);
      await app.reload();
      await offline.waitFor();
      await app.getByText(p.offline.asOf.replace(/\{\{time\}\}.*/, '')).waitFor();
      await context.setOffline(false);
    } finally {
      await phone.close();
    }
  }, 400_000);
});
