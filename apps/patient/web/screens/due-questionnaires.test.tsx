// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import {
  addQuestionnaireResponse,
  getMyProgram,
  getMyQuestionnaire,
  lefs,
  listMyQuestionnaires,
  psfs,
  type MyQuestionnaire,
  type RequestOf,
} from '@clinic/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { clearOutbox, outbox, queueWrite } from '../offline/outbox.ts';
import { ProgramScreen } from './program-screen.tsx';
import { FakeServer, renderScreen, screenTestTimeout } from './render-screen.tsx';

const due: MyQuestionnaire[] = [
  {
    seqQuestionnaireRequest: 5,
    seqMedicalRelation: 7,
    managerName: 'Grace Hopper',
    title: 'Lower Extremity Functional Scale',
    dueAt: '2026-03-02T12:00:00.000Z',
    state: 'overdue',
  },
  {
    seqQuestionnaireRequest: 6,
    seqMedicalRelation: 7,
    managerName: 'Grace Hopper',
    title: 'Patient-Specific Functional Scale',
    dueAt: '2026-03-16T12:00:00.000Z',
    state: 'due',
  },
];

function dueServer(list = due) {
  return new FakeServer()
    .on(getMyProgram, () => ({ isSuccess: true, prescriptions: [], recentSessions: [], romDays: [] }))
    .on(listMyQuestionnaires, () => ({ isSuccess: true, questionnaireList: list }))
    .on(getMyQuestionnaire, ({ seqQuestionnaireRequest }) => ({
      isSuccess: true,
      questionnaire: list.find((entry) => entry.seqQuestionnaireRequest === seqQuestionnaireRequest)!,
      resource: seqQuestionnaireRequest === 5 ? lefs.questionnaire : psfs.questionnaire,
    }));
}

const card = (name: string) => screen.findByRole('article', { name });

afterEach(async () => {
  cleanup();
  window.history.replaceState(null, '', '/');
  await clearOutbox();
  await changeLanguage('en');
});

describe('the due questionnaires on the program screen', { timeout: screenTestTimeout }, () => {
  it('shows a card for each with its due date and overdue mark, which opens it', async () => {
    const server = dueServer();
    await renderScreen(<ProgramScreen />, server);
    await screen.findByRole('heading', { level: 3, name: 'Questionnaires to fill in' });
    const overdue = await card('Lower Extremity Functional Scale');
    within(overdue).getByText('Due Mar 2, 2026');
    within(overdue).getByText('Overdue');
    within(overdue).getByText('From Grace Hopper');
    const later = await card('Patient-Specific Functional Scale');
    within(later).getByText('Due Mar 16, 2026');
    expect(within(later).queryByText('Overdue')).toBeNull();

    const open = within(overdue).getByRole('link', { name: 'Fill in' });
    expect(open.getAttribute('href')).toBe('?questionnaire=5');
    fireEvent.click(open);
    expect(window.location.search).toBe('?questionnaire=5');
    // Each questionnaire is asked for with the list, so that it opens offline once seen.
    await waitFor(() =>
      expect(
        server
          .callsOf(getMyQuestionnaire)
          .map((call) => call.seqQuestionnaireRequest)
          .sort(),
      ).toEqual([5, 6]),
    );
  });

  it('marks a title in another language than the page’s with its language', async () => {
    await renderScreen(<ProgramScreen />, dueServer());
    await changeLanguage('ko');
    const title = await screen.findByRole('heading', { level: 4, name: 'Lower Extremity Functional Scale' });
    await waitFor(() => expect(title.getAttribute('lang')).toBe('en'));
    screen.getByRole('heading', { level: 3, name: '작성할 설문' });
  });

  it('shows answers kept on the device as waiting, in place of the link', async () => {
    const server = dueServer();
    server.offline = true;
    const body: RequestOf<typeof addQuestionnaireResponse> = {
      idempotencyKey: crypto.randomUUID(),
      seqQuestionnaireRequest: 6,
      answers: [],
      authoredAt: new Date().toISOString(),
    };
    await act(async () => {
      await queueWrite(addQuestionnaireResponse, body);
    });
    server.offline = false;
    await renderScreen(<ProgramScreen />, server);
    const waiting = await card('Patient-Specific Functional Scale');
    await within(waiting).findByText('Waiting to send');
    expect(within(waiting).queryByRole('link', { name: 'Fill in' })).toBeNull();
    within(await card('Lower Extremity Functional Scale')).getByRole('link', { name: 'Fill in' });
    expect(outbox.entries()).toHaveLength(1);
  });

  it('shows nothing when no questionnaire is due', async () => {
    await renderScreen(<ProgramScreen />, dueServer([]));
    await screen.findByText('You have no open exercise prescriptions. Your clinician prescribes them.');
    expect(screen.queryByRole('heading', { name: 'Questionnaires to fill in' })).toBeNull();
  });
});
