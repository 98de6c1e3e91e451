// @vitest-environment happy-dom
import {
  addCustomQuestionnaire,
  listQuestionnaireInstruments,
  listQuestionnaireSchedules,
  messages,
  type InstrumentSummary,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionnairesPanel } from '../../src/features/questionnaires/components/questionnaires-panel.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const texts = en.questionnaires;
const created: InstrumentSummary = {
  instrument: { kind: 'custom', seqCustomQuestionnaire: 9 },
  title: 'QuickDASH',
  languages: ['en'],
  itemCount: 2,
  mcid: 15,
  direction: 'lowerIsBetter',
  range: { min: 0, max: 100 },
  copyright: 'Institute for Work & Health',
  licenceConfirmedAt: '2026-11-28T10:00:00.000Z',
};

afterEach(cleanup);

const type = (dialog: HTMLElement, label: string, value: string): void => {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
};

describe('a questionnaire of the clinic, licensed', { timeout: screenTestTimeout }, () => {
  it('shows each problem at its input, needs the licence confirmed, and sends the definition', async () => {
    let instrumentList: InstrumentSummary[] = [];
    const api = new FakeApi()
      .on(listQuestionnaireSchedules, () => ({ isSuccess: true, scheduleList: [] }))
      .on(listQuestionnaireInstruments, () => ({ isSuccess: true, instrumentList }))
      .on(addCustomQuestionnaire, () => {
        instrumentList = [created];
        return { isSuccess: true, instrument: created };
      });
    await renderScreen(
      '/patient',
      () => <QuestionnairesPanel seqMedicalRelation={7} isAppMember patientLanguage={undefined} />,
      api,
      { signedIn: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: texts.custom.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.custom.title });
    const save = within(dialog).getByRole('button', { name: texts.custom.save });

    fireEvent.click(save);
    await within(dialog).findByText(messages.en['validation.licence_not_confirmed']);
    expect(within(dialog).getByLabelText(texts.custom.mcid).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf(addCustomQuestionnaire)).toEqual([]);

    type(dialog, texts.custom.name, 'QuickDASH');
    type(dialog, 'Text of question 1', 'Open a tight or new jar.');
    type(dialog, 'Question 1, answer 1', 'No difficulty');
    type(dialog, 'Question 1, answer 2', 'Unable');
    type(dialog, 'Score of answer 1 (question 1)', '1');
    type(dialog, 'Score of answer 2 (question 1)', '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add an answer to question 1' }));
    type(dialog, 'Question 1, answer 3', 'Mild difficulty');
    type(dialog, 'Score of answer 3 (question 1)', '1');

    fireEvent.click(within(dialog).getByRole('button', { name: texts.custom.addQuestion }));
    fireEvent.change(within(dialog).getByLabelText('Type of question 2'), { target: { value: 'integer' } });
    type(dialog, 'Text of question 2', 'Hours of work missed this week');
    type(dialog, 'Lowest value (question 2)', '10');
    type(dialog, 'Highest value (question 2)', '5');
    type(dialog, texts.custom.mcid, '15');
    fireEvent.change(within(dialog).getByLabelText(texts.custom.scoring), { target: { value: 'sumRescaled' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: texts.directions.lowerIsBetter }));
    fireEvent.click(save);
    await within(dialog).findByText(messages.en['validation.option_scores_equal']);
    expect(within(dialog).getByText(messages.en['validation.min_not_below_max'])).toBeDefined();
    expect(within(dialog).getByText(messages.en['validation.licence_not_confirmed'])).toBeDefined();

    type(dialog, 'Score of answer 2 (question 1)', '5');
    type(dialog, 'Score of answer 3 (question 1)', '2');
    type(dialog, 'Lowest value (question 2)', '0');
    type(dialog, 'Highest value (question 2)', '40');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: texts.custom.licence }));
    fireEvent.click(save);

    // Created, it is offered at once in the send dialog, chosen.
    const send = await screen.findByRole('dialog', { name: texts.send.title });
    await waitFor(() =>
      expect(within(send).getByLabelText<HTMLSelectElement>(texts.send.instrument).value).toBe('custom:9'),
    );
    expect(api.callsOf(addCustomQuestionnaire)).toEqual([
      {
        definition: {
          title: { en: 'QuickDASH' },
          languages: ['en'],
          items: [
            {
              type: 'choice',
              text: { en: 'Open a tight or new jar.' },
              required: true,
              options: [
                { label: { en: 'No difficulty' }, score: 1 },
                { label: { en: 'Unable' }, score: 5 },
                { label: { en: 'Mild difficulty' }, score: 2 },
              ],
            },
            { type: 'integer', text: { en: 'Hours of work missed this week' }, required: true, min: 0, max: 40 },
          ],
          scoring: 'sumRescaled',
          maxMissing: 0,
          mcid: 15,
          direction: 'lowerIsBetter',
          licenceConfirmed: true,
        },
      },
    ]);
    expect(api.missing).toEqual([]);
  });

  it('asks every text in each language chosen', async () => {
    const api = new FakeApi()
      .on(listQuestionnaireSchedules, () => ({ isSuccess: true, scheduleList: [] }))
      .on(listQuestionnaireInstruments, () => ({ isSuccess: true, instrumentList: [] }));
    await renderScreen(
      '/patient',
      () => <QuestionnairesPanel seqMedicalRelation={7} isAppMember patientLanguage={undefined} />,
      api,
      { signedIn: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: texts.custom.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.custom.title });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: en.language.names.cs }));
    type(dialog, 'Title (English)', 'QuickDASH');
    type(dialog, 'Text of question 1 (English)', 'Open a tight or new jar.');
    type(dialog, 'Question 1, answer 1 (English)', 'No difficulty');
    type(dialog, 'Question 1, answer 2 (English)', 'Unable');
    type(dialog, 'Question 1, answer 2 (Čeština)', 'Nemohu');
    type(dialog, texts.custom.mcid, '15');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: texts.custom.licence }));
    fireEvent.click(within(dialog).getByRole('button', { name: texts.custom.save }));
    const czechTitle = within(dialog).getByLabelText('Title (Čeština)');
    await waitFor(() => expect(czechTitle.getAttribute('aria-invalid')).toBe('true'));
    expect(czechTitle.getAttribute('lang')).toBe('cs');
    const invalid = within(dialog)
      .getAllByRole('textbox')
      .filter((input) => input.getAttribute('aria-invalid') === 'true')
      .map((input) => input.getAttribute('lang'));
    // Each text missing in Czech, and only those: the title, the question and its first answer.
    expect(invalid).toEqual(['cs', 'cs', 'cs']);
    expect(api.missing).toEqual([]);
  });
});
