import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addQuestionnaireSchedule,
  lefs,
  listQuestionnaireResponses,
  login,
  signUp,
  verifyEmail,
} from '@clinic/contract';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { signUpBody } from '../apps/server/test/fixtures.ts';
import { linkIn } from '../apps/server/test/mail-catcher.ts';
import { chromiumArgs, expectAccessible, startStack, type Stack } from './harness.ts';
import { appMember, callApi, memberPassword, patientWithSession } from './steps.ts';

const p = patientEn;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function clinicianToken(): Promise<string> {
  const body = signUpBody();
  const since = stack.mail.messages.length;
  await callApi(stack, signUp, body);
  const { token } = linkIn(await stack.mail.next(body.userEmail, since));
  await callApi(stack, verifyEmail, { token });
  const reply = await callApi(stack, login, { userEmail: body.userEmail, userPassword: body.userPassword });
  return reply.token.accessToken;
}

const questions = lefs.questionnaire.item.filter((item) => item.type === 'choice');

/** Fills in the open LEFS with one answer for every activity and sends it. */
async function fillLefs(page: Page, answer: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'Lower Extremity Functional Scale' }).waitFor();
  for (const item of questions) {
    await page
      .getByRole('radiogroup', { name: `${item.text} (${p.questionnaire.required})`, exact: true })
      .getByRole('radio', { name: answer, exact: true })
      .click();
  }
  await page.getByRole('button', { name: p.questionnaire.submit }).click();
}

describe('questionnaires in the patient’s app', () => {
  it('are filled in online and offline, each kept once', async () => {
    const clinician = await clinicianToken();
    const userEmail = `questionnaire.${Date.now()}@example.com`;
    const member = await appMember(stack, {
      userEmail,
      patientName: 'Ines Varga',
      patientInfoBirth: '1963-07-21',
      patientInfoGender: 'F',
    });
    const { seqMedicalRelation } = await patientWithSession(stack, clinician, member);
    for (let sent = 0; sent < 2; sent++) {
      await callApi(
        stack,
        addQuestionnaireSchedule,
        { seqMedicalRelation, instrument: { kind: 'shipped', key: 'lefs' }, cadence: { kind: 'once' } },
        clinician,
      );
    }
    const responses = async (): Promise<number> =>
      (await callApi(stack, listQuestionnaireResponses, { seqMedicalRelation }, clinician)).responseList.length;

    const folder = await mkdtemp(join(tmpdir(), 'clinic-e2e-profile-'));
    const context = await chromium.launchPersistentContext(folder, {
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
      baseURL: stack.url,
      locale: 'en-US',
      viewport: { width: 360, height: 780 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/patient/?screen=program');
      await page.getByLabel(p.login.email, { exact: true }).fill(userEmail);
      await page.getByLabel(p.login.password, { exact: true }).fill(memberPassword);
      await page.getByRole('button', { name: p.login.submit, exact: true }).click();
      const cards = page.getByRole('region', { name: p.questionnaires.title }).getByRole('article');
      await expect.poll(() => cards.count()).toBe(2);
      await expectAccessible(page, 'patient app, program with due questionnaires');

      // Online: sent at once.
      await cards.first().getByRole('link', { name: p.questionnaires.open }).click();
      await page.waitForURL(/[?&]questionnaire=\d+/);
      // Nothing is sent while an answer is missing: the first question takes the focus.
      await page.getByRole('button', { name: p.questionnaire.submit }).click();
      await page.getByText(p.questionnaire.invalid).waitFor();
      await expectAccessible(page, 'patient app, questionnaire with errors');
      await fillLefs(page, 'No difficulty');
      await page.getByText(p.questionnaire.sent).waitFor();
      await expect.poll(responses).toBe(1);
      await expect.poll(() => cards.count()).toBe(1);

      // Offline: kept on the phone, shown waiting, sent once when the connection is back.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await cards.first().getByRole('link', { name: p.questionnaires.open }).click();
      await page.getByRole('radiogroup').first().waitFor();
      await context.setOffline(true);
      await fillLefs(page, 'Moderate difficulty');
      await page.getByText(p.questionnaire.savedOffline).waitFor();
      await cards.first().getByText(p.questionnaires.waiting).waitFor();
      expect(await responses()).toBe(1);
      await context.setOffline(false);
      await expect.poll(responses).toBe(2);
      await expect.poll(() => cards.count()).toBe(0);
      // Nothing more arrives with the next start of the app.
      await page.reload();
      await page.getByRole('heading', { name: p.program.title }).waitFor();
      expect(await responses()).toBe(2);
    } finally {
      await context.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
