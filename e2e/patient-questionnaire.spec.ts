import { addQuestionnaireSchedule, lefs, listQuestionnaireResponses } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { patientPushOf } from '../apps/server/src/modules/notification/index.ts';
import { expectAccessible, expectFitsWidth, startStack, type Stack } from './harness.ts';
import {
  appMember,
  callApi,
  clinicianTokenByApi,
  patientLogIn,
  patientPushes,
  patientWithSession,
  phoneProfile,
} from './steps.ts';

const p = patientEn;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

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
    const clinician = await clinicianTokenByApi(stack);
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

    const { context, page, close } = await phoneProfile(stack);
    try {
      await patientLogIn(page, userEmail, '/patient/?screen=program');
      const cards = page.getByRole('region', { name: p.questionnaires.title }).getByRole('article');
      await expect.poll(() => cards.count()).toBe(2);
      await expectAccessible(page, 'patient app, program with due questionnaires');
      await expectFitsWidth(page);

      // Online: sent at once.
      await cards.first().getByRole('link', { name: p.questionnaires.open }).click();
      await page.waitForURL(/[?&]questionnaire=\d+/);
      // Nothing is sent while an answer is missing: the first question takes the focus.
      await page.getByRole('button', { name: p.questionnaire.submit }).click();
      await page.getByText(p.questionnaire.invalid).waitFor();
      await expectAccessible(page, 'patient app, questionnaire with errors');
      await expectFitsWidth(page);
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
      await close();
    }
  });

  it('shows the push of a questionnaire come due, and its tap opens the form', async () => {
    const clinician = await clinicianTokenByApi(stack);
    const userEmail = `questionnaire.push.${Date.now()}@example.com`;
    const member = await appMember(stack, {
      userEmail,
      patientName: 'Oskar Lind',
      patientInfoBirth: '1966-02-11',
      patientInfoGender: 'M',
    });
    const { seqMedicalRelation } = await patientWithSession(stack, clinician, member);
    const { schedule } = await callApi(
      stack,
      addQuestionnaireSchedule,
      { seqMedicalRelation, instrument: { kind: 'shipped', key: 'lefs' }, cadence: { kind: 'once' } },
      clinician,
    );
    const seqQuestionnaireRequest = schedule.openRequests[0]!.seqQuestionnaireRequest;

    const { page, close } = await phoneProfile(stack, { notifications: true });
    try {
      await patientLogIn(page, userEmail, '/patient/?screen=program');
      await page.getByRole('region', { name: p.questionnaires.title }).getByRole('article').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const pushes = await patientPushes(stack, page);

      // The push as the server writes it when the questionnaire comes due, delivered to the phone's worker.
      const push = patientPushOf(
        { type: 'questionnaireDue', managerName: 'Grace Hopper', seqQuestionnaireRequest },
        { language: 'en', timeZone: undefined },
        new Date(),
      );
      const url = `/patient/?questionnaire=${seqQuestionnaireRequest}`;
      expect(await pushes.deliver(push)).toEqual([{ title: push.title, body: push.body, data: { url } }]);
      // Neither names the questionnaire: its title says something of the patient's health.
      expect(`${push.title} ${push.body}`).not.toContain('Lower Extremity');

      await pushes.tap();
      await page.waitForURL(`${stack.url}${url}`);
      await page.getByRole('heading', { level: 2, name: 'Lower Extremity Functional Scale' }).waitFor();
      await page.getByRole('radiogroup').first().waitFor();
    } finally {
      await close();
    }
  });
});
