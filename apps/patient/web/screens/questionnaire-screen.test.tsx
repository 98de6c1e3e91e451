// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import {
  addQuestionnaireResponse,
  getMyQuestionnaire,
  lefs,
  psfs,
  type MyQuestionnaire,
  type OutcomeQuestionnaire,
  type RequestOf,
} from '@clinic/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { clearOutbox, flushOutbox } from '../offline/outbox.ts';
import { indexedDbOutboxStore } from '../offline/outbox-store.ts';
import { FakeServer, renderScreen, screenTestTimeout } from './render-screen.tsx';
import { QuestionnaireScreen } from './questionnaire-screen.tsx';

const request = (seqQuestionnaireRequest: number, title: string): MyQuestionnaire => ({
  seqQuestionnaireRequest,
  seqMedicalRelation: 7,
  managerName: 'Grace Hopper',
  title,
  dueAt: '2026-03-02T08:00:00.000Z',
  state: 'overdue',
});

/** A server that keeps one response per idempotency key, as the real one does. */
function questionnaireServer(resource: OutcomeQuestionnaire, seqQuestionnaireRequest = 5) {
  const kept = new Map<string, RequestOf<typeof addQuestionnaireResponse>>();
  const server = new FakeServer()
    .on(getMyQuestionnaire, () => ({
      isSuccess: true,
      questionnaire: request(seqQuestionnaireRequest, resource.title ?? ''),
      resource,
    }))
    .on(addQuestionnaireResponse, (body: RequestOf<typeof addQuestionnaireResponse>) => {
      kept.set(body.idempotencyKey, kept.get(body.idempotencyKey) ?? body);
      return {
        isSuccess: true,
        response: {
          seqQuestionnaireResponse: kept.size,
          seqQuestionnaireRequest: body.seqQuestionnaireRequest,
          authoredAt: body.authoredAt,
          receivedAt: new Date().toISOString(),
        },
      };
    });
  return { server, kept };
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

const lefsQuestions = lefs.questionnaire.item.filter((item) => item.type === 'choice');

/** Answers every LEFS question but those named, with "Moderate difficulty". */
function answerLefs(except: readonly string[] = []): void {
  for (const item of lefsQuestions) {
    if (except.includes(item.linkId)) continue;
    const group = screen.getByRole('radiogroup', { name: `${item.text} (required)` });
    fireEvent.click(within(group).getByRole('radio', { name: 'Moderate difficulty' }));
  }
}

/** What a screen reader reads after an element's name: the texts its aria-describedby names. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join('');
}

afterEach(async () => {
  cleanup();
  setOnline(true);
  await clearOutbox();
  await changeLanguage('en');
});

describe('the questionnaire screen', { timeout: screenTestTimeout }, () => {
  it('shows a FHIR Questionnaire: instructions, large choices, bounded numbers, texts and required marks', async () => {
    const { server } = questionnaireServer(psfs.questionnaire);
    await renderScreen(<QuestionnaireScreen id={5} onDone={() => undefined} />, server);
    await screen.findByRole('heading', { level: 2, name: 'Patient-Specific Functional Scale' });
    screen.getByText('Due Mar 2, 2026');
    screen.getByText('Overdue');
    screen.getByText('From Grace Hopper');
    screen.getByText(/^Name at least three and up to five important activities/);
    screen.getByText('Questions marked * need an answer.');

    const activity = screen.getByRole('textbox', { name: 'Activity 1 (required)' });
    expect(activity.getAttribute('maxlength')).toBe('100');
    // Optional activities have no mark, and their rating is asked once they are named.
    screen.getByRole('textbox', { name: 'Activity 4' });
    const ratings = screen.getAllByRole('spinbutton');
    expect(ratings).toHaveLength(3);
    expect(ratings[0]?.getAttribute('min')).toBe('0');
    expect(ratings[0]?.getAttribute('max')).toBe('10');
    expect(screen.getAllByText('From 0 to 10')).toHaveLength(3);
    fireEvent.change(screen.getByRole('textbox', { name: 'Activity 4' }), { target: { value: 'Cycling' } });
    expect(screen.getAllByRole('spinbutton')).toHaveLength(4);
    // The questionnaire is in the page's language: nothing is marked as another.
    expect(document.body.querySelector('[lang]')).toBeNull();

    const { server: lefsServer } = questionnaireServer(lefs.questionnaire);
    cleanup();
    await renderScreen(<QuestionnaireScreen id={5} onDone={() => undefined} />, lefsServer);
    const first = await screen.findByRole('radiogroup', { name: `${lefsQuestions[0]?.text} (required)` });
    const options = within(first).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      'Extreme difficulty or unable to perform activity',
      'Quite a bit of difficulty',
      'Moderate difficulty',
      'A little bit of difficulty',
      'No difficulty',
    ]);
    expect(screen.getAllByRole('radiogroup')).toHaveLength(20);
  });

  it('marks the questionnaire’s own text with its language when the patient reads another', async () => {
    const { server } = questionnaireServer(lefs.questionnaire);
    await renderScreen(<QuestionnaireScreen id={5} onDone={() => undefined} />, server);
    await changeLanguage('cs');
    const title = await screen.findByRole('heading', { level: 2, name: 'Lower Extremity Functional Scale' });
    expect(title.getAttribute('lang')).toBe('en');
    screen.getByText('Tento dotazník nemá text ve vašem jazyce, proto je zobrazen ve svém původním jazyce.');
    const option = within(screen.getAllByRole('radiogroup')[0]!).getByText('No difficulty');
    expect(option.getAttribute('lang')).toBe('en');
    // The app's own words stay in the patient's language.
    expect(screen.getByRole('button', { name: 'Odeslat odpovědi' }).closest('body [lang]')).toBeNull();
  });

  it('shows each problem at its question, focuses the first, and sends nothing while any remains', async () => {
    const { server } = questionnaireServer(lefs.questionnaire);
    const done = vi.fn();
    await renderScreen(<QuestionnaireScreen id={5} onDone={done} />, server);
    await screen.findAllByRole('radiogroup');
    answerLefs(['lefs-4', 'lefs-12']);
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));

    await screen.findByText('Some answers are missing or not valid. Please check the marked questions.');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    const fourth = screen.getByRole('radiogroup', { name: `${lefsQuestions[3]?.text} (required)` });
    expect(descriptionOf(fourth)).toBe('This field is required.');
    await waitFor(() => expect(document.activeElement).toBe(within(fourth).getAllByRole('radio')[0]));
    expect(await indexedDbOutboxStore().list()).toEqual([]);
    expect(server.callsOf(addQuestionnaireResponse)).toEqual([]);
    expect(done).not.toHaveBeenCalled();

    // Answering a question takes its error away.
    fireEvent.click(within(fourth).getByRole('radio', { name: 'No difficulty' }));
    expect(descriptionOf(fourth)).toBe('');
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });

  it('shows a number out of its range at its question', async () => {
    const { server } = questionnaireServer(psfs.questionnaire);
    await renderScreen(<QuestionnaireScreen id={5} onDone={() => undefined} />, server);
    for (const number of [1, 2, 3]) {
      fireEvent.change(await screen.findByRole('textbox', { name: `Activity ${number} (required)` }), {
        target: { value: `Activity ${number}` },
      });
    }
    const [first, second, third] = screen.getAllByRole('spinbutton');
    fireEvent.change(first!, { target: { value: '12' } });
    fireEvent.change(second!, { target: { value: '3' } });
    fireEvent.change(third!, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await screen.findByText('This value is out of range.');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first?.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsOf(addQuestionnaireResponse)).toEqual([]);
  });

  it('keeps answers given offline on the device with their key and sends them once when back online', async () => {
    const { server, kept } = questionnaireServer(lefs.questionnaire);
    const done = vi.fn();
    await renderScreen(<QuestionnaireScreen id={5} onDone={done} />, server);
    await screen.findAllByRole('radiogroup');

    setOnline(false);
    server.offline = true;
    answerLefs();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await screen.findByText(
      'No connection to the server: your answers are kept on this device and sent when the connection is back.',
    );
    expect(done).toHaveBeenCalledOnce();
    await screen.findByText('Your answers are kept on this device and will be sent when the connection is back.');

    const [entry, ...others] = await indexedDbOutboxStore().list();
    expect(others).toEqual([]);
    expect(entry?.endpoint).toBe('/patientApp/addQuestionnaireResponse');
    const body = entry?.body as RequestOf<typeof addQuestionnaireResponse>;
    expect(body.idempotencyKey).toBe(entry?.idempotencyKey);
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.seqQuestionnaireRequest).toBe(5);
    expect(body.answers).toHaveLength(20);
    expect(body.answers[0]).toEqual({
      linkId: 'lefs-1',
      answer: [
        {
          valueCoding: {
            system: 'http://clinic.localhost/fhir/CodeSystem/lefs-difficulty',
            code: 'moderate',
            display: 'Moderate difficulty',
          },
        },
      ],
    });
    expect(server.callsOf(addQuestionnaireResponse)).toEqual([]);

    setOnline(true);
    server.offline = false;
    await act(async () => {
      await flushOutbox();
      await flushOutbox();
    });
    expect(server.callsOf(addQuestionnaireResponse)).toEqual([body]);
    expect(kept.size).toBe(1);
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('sends at once when the server can be reached', async () => {
    const { server, kept } = questionnaireServer(lefs.questionnaire);
    const done = vi.fn();
    await renderScreen(<QuestionnaireScreen id={5} onDone={done} />, server);
    await screen.findAllByRole('radiogroup');
    answerLefs();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await screen.findByText('Your answers were sent to your clinician.');
    expect(done).toHaveBeenCalledOnce();
    expect(server.callsOf(addQuestionnaireResponse)).toHaveLength(1);
    expect(kept.size).toBe(1);
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('shows answers the server refused with the reason, until the patient removes them', async () => {
    const { server } = questionnaireServer(lefs.questionnaire);
    server.on(addQuestionnaireResponse, () => ({ isSuccess: false, failedCode: 'QN0001', message: 'answered' }));
    const done = vi.fn();
    await renderScreen(<QuestionnaireScreen id={5} onDone={done} />, server);
    await screen.findAllByRole('radiogroup');
    answerLefs();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await screen.findByText('Your answers could not be sent. See the reason on the questionnaire.');
    await screen.findByText('This questionnaire is already answered.');
    expect(done).not.toHaveBeenCalled();
    await act(() => flushOutbox());
    expect(server.callsOf(addQuestionnaireResponse)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove these answers' }));
    await screen.findByRole('button', { name: 'Send answers' });
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('says plainly when the questionnaire sent was replaced by a newer version, and goes back once the answers are removed', async () => {
    const { server } = questionnaireServer(lefs.questionnaire);
    server.on(addQuestionnaireResponse, () => ({ isSuccess: false, failedCode: 'QN0004', message: 'gone' }));
    const done = vi.fn();
    await renderScreen(<QuestionnaireScreen id={5} onDone={done} />, server);
    await screen.findAllByRole('radiogroup');
    answerLefs();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    const alert = await screen.findByRole('alert', { name: 'This questionnaire has changed' });
    within(alert).getByText(
      'A newer version replaced the one Grace Hopper sent you, so these answers cannot be sent. Ask Grace Hopper to send you the new version.',
    );
    // Not the form again: the same answers would be refused the same way.
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
    expect(done).not.toHaveBeenCalled();

    fireEvent.click(within(alert).getByRole('button', { name: 'Remove these answers and go back' }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('says so when the questionnaire is not the patient’s or no longer due', async () => {
    const server = new FakeServer().on(getMyQuestionnaire, { status: 404, failedCode: 'CM0404' });
    await renderScreen(<QuestionnaireScreen id={99} onDone={() => undefined} />, server);
    await screen.findByText('This questionnaire is not available. Your clinician may have withdrawn it.');
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });
});
