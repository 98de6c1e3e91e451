import {
  addQuestionnaireResponse,
  answerableItems,
  getMyPatients,
  getMyQuestionnaire,
  listMonitoringAlerts,
  listMyQuestionnaires,
  login,
  messages,
  type OutcomeQuestionnaire,
} from '@clinic/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import {
  acceptCookies,
  accessTokenOf,
  appMember,
  callApi,
  logIn,
  newClinicianSession,
  patientWithSession,
  ui,
} from './steps.ts';

const t = ui.en;
const q = t.questionnaires;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('questionnaires in the browser', () => {
  it('schedules LEFS every 2 weeks, creates a questionnaire of its own, sends it, and charts its score', async () => {
    const member = await appMember(stack, {
      userEmail: `prom.${Date.now()}@example.com`,
      patientName: 'Ilse Berg',
      patientInfoBirth: '1958-09-30',
      patientInfoGender: 'F',
    });
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { seqMedicalRelation } = await patientWithSession(stack, token, member);

    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    const panel = page.getByRole('region', { name: q.panel.title });
    await panel.getByText(q.panel.empty).waitFor();

    await panel.getByRole('button', { name: q.send.open }).click();
    const send = page.getByRole('dialog', { name: q.send.title });
    await send.getByLabel(q.send.instrument).selectOption({ label: 'Lower Extremity Functional Scale' });
    await send.getByText('Its text is in: English.').waitFor();
    await send.getByRole('radio', { name: q.send.kinds.repeat }).check();
    await send.getByLabel(q.send.every, { exact: true }).fill('2');
    await send.getByLabel(q.send.unit).selectOption(q.send.units.weeks);
    await send.getByLabel(q.send.times, { exact: true }).fill('6');
    await expectAccessible(page, 'the dialog that sends a questionnaire');
    await send.getByRole('button', { name: q.send.submit }).click();
    await send.waitFor({ state: 'detached' });
    const lefsRow = panel.getByRole('row').filter({ hasText: 'Lower Extremity Functional Scale' });
    await lefsRow.getByText(/^Every 2 weeks from /).waitFor();
    await expectAccessible(page, 'the questionnaires of a patient');

    await panel.getByRole('button', { name: q.custom.open }).click();
    const custom = page.getByRole('dialog', { name: q.custom.title });
    await custom.getByLabel(q.custom.name, { exact: true }).fill('Knee tasks');
    await custom.getByLabel('Text of question 1', { exact: true }).fill('Kneeling down');
    await custom.getByLabel('Question 1, answer 1', { exact: true }).fill('Easy');
    await custom.getByLabel('Question 1, answer 2', { exact: true }).fill('Impossible');
    await custom.getByLabel('Score of answer 1 (question 1)').fill('4');
    await custom.getByLabel('Score of answer 2 (question 1)').fill('0');
    await custom.getByLabel(q.custom.mcid).fill('1');
    await custom.getByRole('button', { name: q.custom.save }).click();
    await custom.getByText(messages.en['validation.licence_not_confirmed']).waitFor();
    await expectAccessible(page, 'the dialog of a new questionnaire');
    await custom.getByRole('checkbox', { name: q.custom.licence }).check();
    await custom.getByRole('button', { name: q.custom.save }).click();

    // Created, it is chosen in the send dialog; sent now, once.
    const sendCustom = page.getByRole('dialog', { name: q.send.title });
    await expect.poll(() => sendCustom.getByLabel(q.send.instrument).inputValue()).toMatch(/^custom:/);
    await sendCustom.getByRole('button', { name: q.send.submit }).click();
    await panel.getByRole('row').filter({ hasText: 'Knee tasks' }).getByText(q.cadence.once).waitFor();

    // The patient answers it in the app (here through its API): the history charts the score.
    const { questionnaireList } = await callApi(stack, listMyQuestionnaires, {}, member.token);
    const request = questionnaireList.find((each) => each.title === 'Knee tasks');
    expect(request).toBeDefined();
    const { resource } = await callApi(
      stack,
      getMyQuestionnaire,
      { seqQuestionnaireRequest: request!.seqQuestionnaireRequest },
      member.token,
    );
    const item = resource.item[0] as {
      linkId: string;
      answerOption: { valueCoding: { system: string; code: string } }[];
    };
    const easy = item.answerOption[0]!.valueCoding;
    await callApi(
      stack,
      addQuestionnaireResponse,
      {
        idempotencyKey: randomUUID(),
        seqQuestionnaireRequest: request!.seqQuestionnaireRequest,
        answers: [{ linkId: item.linkId, answer: [{ valueCoding: { system: easy.system, code: easy.code } }] }],
        authoredAt: new Date().toISOString(),
      },
      member.token,
    );

    await page.getByRole('tab', { name: t.patientDetails.tabs.history }).click();
    const scores = page.getByRole('region', { name: q.scores.title });
    await scores.getByRole('figure', { name: /^1 scores of Knee tasks/ }).waitFor();
    const list = scores.getByRole('table', { name: 'Responses to Knee tasks' });
    await expect.poll(() => list.getByRole('cell').nth(1).innerText()).toBe('4');
    await expectAccessible(page, 'the questionnaire scores of the history tab');

    await list.getByRole('button', { name: /^Open the response of / }).click();
    const response = page.getByRole('dialog', { name: 'Knee tasks' });
    await response.getByRole('cell', { name: 'Easy' }).waitFor();
    await expectAccessible(page, 'a questionnaire response');
    await response.getByLabel(q.response.reason).fill('Answered for the other knee');
    await response.getByRole('button', { name: q.response.supersede }).click();
    await response.getByText(/^Superseded by .*: Answered for the other knee$/).waitFor();
    await page.keyboard.press('Escape');
    await response.waitFor({ state: 'detached' });
    await scores.getByRole('figure').waitFor({ state: 'detached' });
  });
});

describe('an overdue questionnaire', () => {
  it('raises an alert on the worklist, whose episode ends once the patient answers', async () => {
    // The demo sent a member a KOOS JR eight days before the start: the jobs find it overdue.
    const demoPassword = 'Demo-clinic-2026';
    const page = await stack.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo@clinic.localhost', demoPassword);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
    const token = await accessTokenOf(page);
    const worklist = page.getByRole('region', { name: t.monitoring.title });
    const link = worklist.getByRole('link', { name: t.monitoring.kind.questionnaireOverdue, exact: true });
    // The job's first pass runs within its interval of the start.
    await link.first().waitFor({ timeout: 90_000 });
    const { alertList } = await callApi(stack, listMonitoringAlerts, {}, token);
    const alert = alertList.find((each) => each.kind === 'questionnaireOverdue');
    if (alert?.reason.kind !== 'questionnaireOverdue') throw new Error('no overdue questionnaire alert');
    expect(alert.endedAt).toBeNull();
    const patient = worklist.getByRole('article', { name: alert.patientName });
    await patient.getByText(`${alert.reason.title} was due on `).waitFor();
    await expectAccessible(page, 'the worklist with an overdue questionnaire');

    // The patient answers it in the app (here through its API): the next pass ends the alert's episode.
    const { patientList } = await callApi(stack, getMyPatients, {}, token);
    const email = patientList.find((one) => one.seqMedicalRelation === alert.seqMedicalRelation)?.patientEmail;
    if (!email) throw new Error('the patient has no account');
    const { token: member } = await callApi(stack, login, {
      userEmail: email,
      userPassword: demoPassword,
      userType: 'patient',
    });
    const { seqQuestionnaireRequest } = alert.reason;
    const { questionnaire, resource } = await callApi(
      stack,
      getMyQuestionnaire,
      { seqQuestionnaireRequest },
      member.accessToken,
    );
    expect(questionnaire.state).toBe('overdue');
    const answers = answerableItems(resource as unknown as OutcomeQuestionnaire).map((item) => {
      const coding = item.answerOption![0]!.valueCoding!;
      return { linkId: item.linkId, answer: [{ valueCoding: { system: coding.system, code: coding.code! } }] };
    });
    await callApi(
      stack,
      addQuestionnaireResponse,
      { idempotencyKey: randomUUID(), seqQuestionnaireRequest, answers, authoredAt: new Date().toISOString() },
      member.accessToken,
    );
    await expect
      .poll(
        async () =>
          (await callApi(stack, listMonitoringAlerts, {}, token)).alertList.find(
            (each) => each.seqMonitoringAlert === alert.seqMonitoringAlert,
          )?.endedAt ?? null,
        { timeout: 90_000, interval: 2000 },
      )
      .not.toBeNull();
    await page.context().close();
  });
});
