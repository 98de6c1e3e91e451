// @vitest-environment happy-dom
import {
  FailedCode,
  getQuestionnaireResponse,
  listQuestionnaireResponses,
  messages,
  supersedeQuestionnaireResponse,
  type InstrumentHistory,
  type QuestionnaireResponseSummary,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionnaireScores } from '../../src/features/questionnaires/components/questionnaire-scores.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

// happy-dom has no canvas to draw on: the chart draws in the browser tests; here its data and the list.
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      over = document.createElement('div');
      setSize(): void {}
      destroy(): void {}
    },
    { paths: {} },
  ),
}));

const texts = en.questionnaires;
const seqMedicalRelation = 7;
const lefs = { kind: 'shipped', key: 'lefs' } as const;

const history: InstrumentHistory = {
  instrument: lefs,
  title: 'Lower Extremity Functional Scale',
  mcid: 9,
  direction: 'higherIsBetter',
  range: { min: 0, max: 80 },
  baseline: { seqQuestionnaireResponse: 1, score: 30, authoredAt: '2026-11-02T09:00:00.000Z' },
};

function response(
  seqQuestionnaireResponse: number,
  authoredAt: string,
  score: number,
  more: Partial<QuestionnaireResponseSummary> = {},
): QuestionnaireResponseSummary {
  return {
    seqQuestionnaireResponse,
    seqQuestionnaireRequest: 100 + seqQuestionnaireResponse,
    instrument: lefs,
    title: history.title,
    authoredAt,
    receivedAt: authoredAt,
    score,
    noScore: null,
    improvement: score - 30,
    improvedBeyondMcid: score - 30 >= 9,
    enteredBy: null,
    supersedes: null,
    superseded: null,
    ...more,
  };
}

const responses = [
  response(1, '2026-11-02T09:00:00.000Z', 30),
  response(2, '2026-11-16T09:00:00.000Z', 35),
  response(3, '2026-11-20T09:00:00.000Z', 45),
  response(4, '2026-11-23T09:00:00.000Z', 70, {
    superseded: {
      by: null,
      at: '2026-11-24T10:00:00.000Z',
      clinicianName: 'Dana Doe',
      reason: 'Filled in by a relative',
    },
  }),
];

const questionnaire = {
  resourceType: 'Questionnaire' as const,
  url: 'http://clinic.localhost/fhir/Questionnaire/lefs',
  language: 'en',
  item: [
    { linkId: 'intro', type: 'display', text: 'Today, do you or would you have any difficulty at all with:' },
    {
      linkId: 'lefs-1',
      type: 'choice',
      text: 'Any of your usual work, housework or school activities.',
      answerOption: [
        {
          valueCoding: {
            system: 'http://clinic.localhost/fhir/CodeSystem/lefs-difficulty',
            code: 'quite-a-bit',
            display: 'Quite a bit of difficulty',
          },
        },
        {
          valueCoding: {
            system: 'http://clinic.localhost/fhir/CodeSystem/lefs-difficulty',
            code: 'none',
            display: 'No difficulty',
          },
        },
      ],
    },
    {
      linkId: 'lefs-2',
      type: 'choice',
      text: 'Your usual hobbies, recreational or sporting activities.',
      answerOption: [],
    },
  ],
};

function scoresApi(list = responses): FakeApi {
  return new FakeApi()
    .on(listQuestionnaireResponses, () => ({ isSuccess: true, responseList: list, instrumentList: [history] }))
    .on(getQuestionnaireResponse, (request) => ({
      isSuccess: true,
      response: list.find((each) => each.seqQuestionnaireResponse === request.seqQuestionnaireResponse)!,
      questionnaire,
      questionnaireResponse: {
        resourceType: 'QuestionnaireResponse' as const,
        questionnaire: `${questionnaire.url}|1999`,
        authored: '2026-11-20T09:00:00.000Z',
        status: 'completed',
        item: [{ linkId: 'lefs-1', answer: [{ valueCoding: { code: 'quite-a-bit' } }] }],
      },
    }));
}

const span = [Date.parse('2026-11-01T00:00:00') / 1000, Date.parse('2026-11-28T00:00:00') / 1000] as const;

async function openScores(api: FakeApi): Promise<void> {
  await renderScreen(
    '/history',
    () => <QuestionnaireScores seqMedicalRelation={seqMedicalRelation} span={span} />,
    api,
    {
      signedIn: true,
    },
  );
}

afterEach(cleanup);

describe('the questionnaire scores of the history tab', { timeout: screenTestTimeout }, () => {
  it('charts the scores in force, with the scale and the baseline, and lists every response', async () => {
    await openScores(scoresApi());
    await screen.findByRole('figure', { name: `3 scores of ${history.title} over the days of the ROM chart` });
    expect(screen.getByTestId('scores-scale').textContent).toBe(
      'Score 0–80, Higher is better; minimal clinically important change (MCID): 9. Baseline: 30 on 11/02/2026.',
    );
    const table = screen.getByRole('table', { name: `Responses to ${history.title}` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['30', '35', '45', '70']);
    expect(rows[2]!.textContent).toContain(`+15${texts.scores.improved}`);
    expect(rows[1]!.textContent).not.toContain(texts.scores.improved);
    expect(rows[3]!.textContent).toContain('Superseded by Dana Doe on 11/24/2026: Filled in by a relative');
  });

  it('opens a response with its answers, and supersedes it only with a reason', async () => {
    const api = scoresApi().on(supersedeQuestionnaireResponse, () => ({
      isSuccess: false,
      failedCode: FailedCode.ResponseSuperseded,
      message: messages.en[FailedCode.ResponseSuperseded],
    }));
    await openScores(api);
    const table = await screen.findByRole('table', { name: `Responses to ${history.title}` });
    const row = within(table).getAllByRole('row')[3]!;
    fireEvent.click(within(row).getByRole('button', { name: /^Open the response of / }));
    const dialog = await screen.findByRole('dialog', { name: history.title });
    await within(dialog).findByText('Score: 45');
    const answers = within(dialog).getByRole('table');
    expect(
      within(answers)
        .getAllByRole('row')
        .map((each) => each.textContent),
    ).toEqual([
      'QuestionAnswer',
      'Today, do you or would you have any difficulty at all with:',
      'Any of your usual work, housework or school activities.Quite a bit of difficulty',
      `Your usual hobbies, recreational or sporting activities.${texts.response.notAnswered}`,
    ]);
    expect(answers.getAttribute('lang')).toBe('en');

    const supersede = within(dialog).getByRole('button', { name: texts.response.supersede });
    fireEvent.click(supersede);
    await within(dialog).findByText(messages.en['validation.required']);
    expect(api.callsOf(supersedeQuestionnaireResponse)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(texts.response.reason), {
      target: { value: 'Answered for the wrong knee' },
    });
    fireEvent.click(supersede);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      messages.en[FailedCode.ResponseSuperseded],
    );
    expect(api.callsOf(supersedeQuestionnaireResponse)).toEqual([
      { seqQuestionnaireResponse: 3, reason: 'Answered for the wrong knee' },
    ]);
    expect(api.missing).toEqual([]);
  });

  it('shows a superseded response as it was, marked, without superseding it again', async () => {
    await openScores(scoresApi());
    const table = await screen.findByRole('table', { name: `Responses to ${history.title}` });
    fireEvent.click(
      within(within(table).getAllByRole('row')[4]!).getByRole('button', { name: /^Open the response of / }),
    );
    const dialog = await screen.findByRole('dialog', { name: history.title });
    await within(dialog).findByText('Superseded by Dana Doe on 11/24/2026: Filled in by a relative');
    expect(within(dialog).queryByRole('button', { name: texts.response.supersede })).toBeNull();
  });
});
