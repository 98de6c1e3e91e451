// @vitest-environment happy-dom
import { getMyProgram, listMyQuestionnaires, nextDate, type ReplyOf } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../api/queries.ts';
import { programKeys } from '../api/program.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { formatDateTime, todayIn } from '../visits/visits.ts';
import { ProgramScreen } from './program-screen.tsx';
import { FakeServer, renderScreen, screenTestTimeout } from './render-screen.tsx';

const today = todayIn(browserTimeZone());

const program: ReplyOf<typeof getMyProgram> = {
  isSuccess: true,
  prescriptions: [
    {
      seqExercise: 11,
      seqMedicalRelation: 7,
      managerName: 'Grace Hopper',
      deviceType: 1,
      position: 3,
      direction: 1,
      mode: 0,
      minRom: 10,
      maxRom: 80,
      sessionsPerDay: 2,
      dueDate: '2026-03-05',
      exerciseStatus: 4,
      isPastDue: true,
      createdAt: '2026-02-20T09:00:00+09:00',
      sessionsDone: 6,
      sessionsDue: 20,
    },
  ],
  recentSessions: [
    {
      seqExerciseRecord: 501,
      seqExercise: 11,
      position: 3,
      direction: 1,
      usageStartDatetime: '2026-03-02T08:30:00Z',
      minAngle: 12.4,
      maxAngle: 71.6,
      durationSeconds: 754,
      painLevel: 3,
    },
    {
      seqExerciseRecord: 502,
      seqExercise: 11,
      position: 3,
      direction: 1,
      usageStartDatetime: '2026-03-03T08:30:00Z',
      minAngle: 10,
      maxAngle: 74,
      durationSeconds: 600,
      painLevel: null,
    },
  ],
  romDays: [
    { date: nextDate(today, -2), position: 3, direction: 1, minAngle: 12, maxAngle: 70 },
    { date: nextDate(today, -1), position: 3, direction: 1, minAngle: 10, maxAngle: 74 },
  ],
};

/** The program's server; no questionnaire is due (due-questionnaires.test.tsx shows them). */
const programServer = () =>
  new FakeServer().on(listMyQuestionnaires, () => ({ isSuccess: true, questionnaireList: [] }));

afterEach(async () => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  await changeLanguage('en');
});

describe('the program screen', { timeout: screenTestTimeout }, () => {
  it('shows each prescription with its progress, the last sessions newest first and the ROM by day', async () => {
    const server = programServer().on(getMyProgram, () => program);
    await renderScreen(<ProgramScreen />, server);

    const card = await screen.findByRole('article', { name: 'Knee, left' });
    within(card).getByText('Home device · Sessions a day: 2');
    within(card).getByText('Range: 10° to 80°');
    within(card).getByText('Due Mar 5, 2026');
    within(card).getByText('Past due');
    within(card).getByText('In progress');
    within(card).getByText('Prescribed by Grace Hopper');
    const progress = within(card).getByRole('progressbar', { name: 'Sessions done – Knee, left' });
    expect(progress.getAttribute('aria-valuenow')).toBe('6');
    expect(progress.getAttribute('aria-valuemax')).toBe('20');
    expect(progress.getAttribute('aria-valuetext')).toBe('6 of 20 sessions done');

    const sessions = within(screen.getByRole('region', { name: 'Last sessions' })).getAllByRole('listitem');
    const newest = formatDateTime('2026-03-03T08:30:00Z', 'en', browserTimeZone());
    expect(sessions.map((item) => item.getAttribute('aria-label'))).toEqual([
      `Session on ${newest}`,
      `Session on ${formatDateTime('2026-03-02T08:30:00Z', 'en', browserTimeZone())}`,
    ]);
    within(sessions[0]!).getByText('Knee, left · Angles: 10° to 74°');
    within(sessions[0]!).getByText('10 min 0 s · Pain not reported');
    within(sessions[1]!).getByText('Knee, left · Angles: 12° to 72°');
    within(sessions[1]!).getByText('12 min 34 s · Pain 3/10');

    // The chart's numbers, for those who do not see it.
    const table = screen.getByRole('table', { name: 'Knee, left: angles by day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['70°', '12°'],
      ['74°', '10°'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('writes the joint and side in the patient’s language', async () => {
    await renderScreen(
      <ProgramScreen />,
      programServer().on(getMyProgram, () => program),
    );
    await screen.findByRole('article', { name: 'Knee, left' });
    await act(() => changeLanguage('ko'));
    await screen.findByRole('article', { name: '왼쪽 무릎' });
    screen.getByText('범위: 10°~80°');
  });

  it('keeps showing the program it had, saying as of when, once the server cannot be reached', async () => {
    const server = programServer().on(getMyProgram, () => program);
    await renderScreen(<ProgramScreen />, server);
    await screen.findByRole('article', { name: 'Knee, left' });
    const fetchedAt = queryClient.getQueryState(programKeys.program)?.dataUpdatedAt ?? 0;
    const asOf = `Offline — as of ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(fetchedAt)}`;

    server.offline = true;
    await act(() => queryClient.refetchQueries({ queryKey: programKeys.program }).catch(() => undefined));
    expect((await screen.findByRole('status')).textContent).toBe(asOf);
    screen.getByRole('article', { name: 'Knee, left' });
    expect(screen.queryByRole('alert')).toBeNull();

    // The browser saying it is offline is enough.
    cleanup();
    server.offline = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await renderScreen(<ProgramScreen />, server);
    await screen.findByRole('article', { name: 'Knee, left' });
    expect((await screen.findByRole('status')).textContent).toMatch(/^Offline — as of /);
  });

  it('says so when there is nothing prescribed or recorded yet', async () => {
    const server = programServer().on(getMyProgram, () => ({
      isSuccess: true,
      prescriptions: [],
      recentSessions: [],
      romDays: [],
    }));
    await renderScreen(<ProgramScreen />, server);
    await screen.findByText('You have no open exercise prescriptions. Your clinician prescribes them.');
    screen.getByText('Your device has not sent any sessions yet.');
    expect(screen.queryByRole('heading', { name: 'Range of motion' })).toBeNull();
  });
});
