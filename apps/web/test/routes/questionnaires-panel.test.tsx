// @vitest-environment happy-dom
import {
  addQuestionnaireSchedule,
  cancelQuestionnaireSchedule,
  FailedCode,
  listQuestionnaireInstruments,
  listQuestionnaireSchedules,
  messages,
  type InstrumentSummary,
  type QuestionnaireScheduleView,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionnairesPanel } from '../../src/features/questionnaires/components/questionnaires-panel.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const texts = en.questionnaires;
const seqMedicalRelation = 7;

const lefsSummary: InstrumentSummary = {
  instrument: { kind: 'shipped', key: 'lefs' },
  title: 'Lower Extremity Functional Scale',
  languages: ['en'],
  itemCount: 20,
  mcid: 9,
  direction: 'higherIsBetter',
  range: { min: 0, max: 80 },
  copyright: 'Binkley et al. 1999',
  licenceConfirmedAt: null,
};

const customSummary: InstrumentSummary = {
  instrument: { kind: 'custom', seqCustomQuestionnaire: 4 },
  title: 'QuickDASH',
  languages: ['en', 'ko'],
  itemCount: 11,
  mcid: 15,
  direction: 'lowerIsBetter',
  range: { min: 0, max: 100 },
  copyright: null,
  licenceConfirmedAt: '2026-11-01T09:00:00.000Z',
};

const schedule: QuestionnaireScheduleView = {
  seqQuestionnaireSchedule: 11,
  seqMedicalRelation,
  instrument: { kind: 'shipped', key: 'lefs' },
  title: 'Lower Extremity Functional Scale',
  cadence: { kind: 'repeat', every: 2, unit: 'weeks', startDate: '2026-11-02', time: '09:00', times: 6 },
  timeZone: 'Europe/Prague',
  createdAt: '2026-11-01T09:00:00.000Z',
  createdBy: 'Dana Doe',
  cancelledAt: null,
  openRequests: [
    {
      seqQuestionnaireRequest: 21,
      seqQuestionnaireSchedule: 11,
      seqSchedule: null,
      state: 'overdue',
      dueAt: '2026-11-16T08:00:00.000Z',
      notifiedAt: '2026-11-16T08:00:00.000Z',
      remindedAt: '2026-11-18T08:00:00.000Z',
      overdueAt: '2026-11-23T08:00:00.000Z',
      seqQuestionnaireResponse: null,
      cancelledAt: null,
    },
    {
      seqQuestionnaireRequest: 22,
      seqQuestionnaireSchedule: 11,
      seqSchedule: null,
      state: 'scheduled',
      dueAt: '2026-11-30T08:00:00.000Z',
      notifiedAt: null,
      remindedAt: null,
      overdueAt: null,
      seqQuestionnaireResponse: null,
      cancelledAt: null,
    },
  ],
  answeredCount: 1,
};

function panelApi(scheduleList: QuestionnaireScheduleView[] = [schedule]): FakeApi {
  return new FakeApi()
    .on(listQuestionnaireSchedules, () => ({ isSuccess: true, scheduleList }))
    .on(listQuestionnaireInstruments, () => ({ isSuccess: true, instrumentList: [lefsSummary, customSummary] }));
}

async function openPanel(api: FakeApi, patientLanguage?: 'ko'): Promise<void> {
  await renderScreen(
    '/patient',
    () => <QuestionnairesPanel seqMedicalRelation={seqMedicalRelation} isAppMember patientLanguage={patientLanguage} />,
    api,
    { signedIn: true },
  );
}

afterEach(cleanup);

describe("the questionnaires of the patient's dashboard", { timeout: screenTestTimeout }, () => {
  it('lists the schedules with their cadence and the questionnaires still open', async () => {
    await openPanel(panelApi());
    const table = await screen.findByRole('table', { name: texts.panel.title });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Every 2 weeks from 11/02/2026 at 09:00, 6 times');
    expect(row.textContent).toContain(texts.requestStates.overdue);
    expect(row.textContent).toContain('Next: 11/30/2026');
  });

  it('refuses to send without a questionnaire, then sends LEFS every 2 weeks', async () => {
    const api = panelApi().on(addQuestionnaireSchedule, () => ({ isSuccess: true, schedule }));
    await openPanel(api);
    fireEvent.click(await screen.findByRole('button', { name: texts.send.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.send.title });
    await within(dialog).findByRole('option', { name: lefsSummary.title });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.send.submit }));
    await within(dialog).findByText(messages.en['validation.required']);
    expect(api.callsOf(addQuestionnaireSchedule)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(texts.send.instrument), {
      target: { value: 'shipped:lefs' },
    });
    expect(within(dialog).getByTestId('instrument-languages').textContent).toBe('Its text is in: English.');
    fireEvent.click(within(dialog).getByRole('radio', { name: texts.send.kinds.repeat }));
    const every = within(dialog).getByLabelText(texts.send.every);
    fireEvent.change(every, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.send.submit }));
    await within(dialog).findByText(messages.en['validation.required']);
    expect(api.callsOf(addQuestionnaireSchedule)).toEqual([]);

    fireEvent.change(every, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(texts.send.times), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.send.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.send.title })).toBeNull());
    const [sent] = api.callsOf(addQuestionnaireSchedule);
    expect(sent).toMatchObject({
      seqMedicalRelation,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'repeat', every: 2, unit: 'weeks', time: '09:00', times: 4 },
    });
    expect(sent?.cadence).not.toHaveProperty('endDate');
    expect(api.missing).toEqual([]);
  });

  it("warns when the questionnaire has no text in the patient's language, and shows a refusal", async () => {
    const api = panelApi().on(addQuestionnaireSchedule, () => ({
      isSuccess: false,
      failedCode: FailedCode.NotAppMember,
      message: messages.en[FailedCode.NotAppMember],
    }));
    await openPanel(api, 'ko');
    fireEvent.click(await screen.findByRole('button', { name: texts.send.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.send.title });
    await within(dialog).findByRole('option', { name: lefsSummary.title });
    const select = within(dialog).getByLabelText(texts.send.instrument);
    fireEvent.change(select, { target: { value: 'shipped:lefs' } });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The patient uses the app in 한국어: they will see this questionnaire in English.',
    );
    fireEvent.change(select, { target: { value: 'custom:4' } });
    expect(within(dialog).queryByRole('status')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: texts.send.kinds.beforeVisit }));
    fireEvent.click(within(dialog).getByRole('button', { name: texts.send.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      messages.en[FailedCode.NotAppMember],
    );
    expect(api.callsOf(addQuestionnaireSchedule)).toEqual([
      {
        seqMedicalRelation,
        instrument: { kind: 'custom', seqCustomQuestionnaire: 4 },
        cadence: { kind: 'beforeVisit', hoursBefore: 24 },
      },
    ]);
  });

  it('cancels a schedule only once confirmed', async () => {
    let scheduleList = [schedule];
    const api = new FakeApi()
      .on(listQuestionnaireSchedules, () => ({ isSuccess: true, scheduleList }))
      .on(cancelQuestionnaireSchedule, () => {
        scheduleList = [{ ...schedule, cancelledAt: '2026-11-28T10:00:00.000Z', openRequests: [] }];
        return { isSuccess: true, schedule: scheduleList[0]! };
      });
    await openPanel(api);
    fireEvent.click(await screen.findByRole('button', { name: `Cancel the schedule of ${schedule.title}` }));
    const confirm = await screen.findByRole('dialog', { name: texts.panel.cancelTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: texts.panel.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.panel.cancelTitle })).toBeNull());
    expect(api.callsOf(cancelQuestionnaireSchedule)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: `Cancel the schedule of ${schedule.title}` }));
    const again = await screen.findByRole('dialog', { name: texts.panel.cancelTitle });
    fireEvent.click(within(again).getByRole('button', { name: texts.panel.confirmCancel }));
    await screen.findByText('Cancelled on 11/28/2026');
    expect(api.callsOf(cancelQuestionnaireSchedule)).toEqual([{ seqQuestionnaireSchedule: 11 }]);
  });
});
