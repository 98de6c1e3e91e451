// @vitest-environment happy-dom
import { admitPatient, getWaitingPatients, type WaitingPatient } from '@clinic/contract';
import { en as contractMessages } from '@clinic/contract/messages/en';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WaitingRoomNotice,
  type WaitingRoomNoticeProps,
} from '../../src/features/video-call/components/waiting-room-notice.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const texts = en.videoCall.waitingRoom;
const meetingId = '0b6f7d2e-4c1a-4f8e-9a35-2d7c5e1f0a9b';

const patient = (seqSchedule: number, patientName: string, hour: number, minute: number): WaitingPatient => ({
  seqSchedule,
  seqMedicalRelation: 100 + seqSchedule,
  patientName,
  // In the test machine's time zone, as the notice writes times in the browser's.
  waitingSince: new Date(2026, 10, 27, hour, minute).toISOString(),
  scheduleExpectStartDatetime: new Date(2026, 10, 27, hour, 0).toISOString(),
});

const waitingList = [patient(5, 'Min-jun Chan', 14, 2), patient(6, 'Ines Varga', 14, 9)];

/** The notice as a screen places it, with what its callbacks were given written out. */
function noticeScreen(props: (record: (text: string) => void) => WaitingRoomNoticeProps) {
  return function NoticeScreen(): ReactElement {
    const [said, setSaid] = useState<string[]>([]);
    const record = (text: string): void => setSaid((before) => [...before, text]);
    return (
      <>
        <WaitingRoomNotice {...props(record)} />
        <output aria-label="said">{said.join(' | ')}</output>
      </>
    );
  };
}

const said = (): string => screen.getByRole('status', { name: 'said' }).textContent ?? '';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the waiting room notice', { timeout: screenTestTimeout }, () => {
  it('tells who is waiting since when, opens their visit and keeps the sound choice', async () => {
    const api = new FakeApi().on(getWaitingPatients, () => ({ isSuccess: true, waitingList }));
    await renderScreen(
      '/',
      noticeScreen((record) => ({ onOpenVisit: (opened) => record(`open ${opened.seqSchedule}`) })),
      api,
      { signedIn: true },
    );

    const entry = await screen.findByText('Min-jun Chan is waiting since 14:02');
    // The list is a live region: a screen reader hears each arrival.
    expect(entry.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    screen.getByText('Ines Varga is waiting since 14:09');
    screen.getByRole('heading', { name: texts.title });

    fireEvent.click(screen.getByRole('button', { name: 'Open the visit with Ines Varga' }));
    expect(said()).toBe('open 6');

    const sound = screen.getByRole('switch', { name: texts.sound });
    expect(sound).toHaveProperty('checked', true);
    fireEvent.click(sound);
    expect(sound).toHaveProperty('checked', false);
    expect(localStorage.getItem('waitingRoomSound')).toBe('off');
    expect(api.missing).toEqual([]);
  });

  it('shows nothing while nobody waits', async () => {
    const api = new FakeApi().on(getWaitingPatients, () => ({ isSuccess: true, waitingList: [] }));
    await renderScreen(
      '/',
      noticeScreen(() => ({ onOpenVisit: () => undefined })),
      api,
      { signedIn: true },
    );
    await expect.poll(() => api.callsOf(getWaitingPatients).length).toBe(1);
    const notice = screen.getByTestId('waiting-room');
    expect(notice.textContent).toBe('');
    // The live region waits there for the first arrival.
    within(notice).getByRole('status');
    expect(within(notice).queryByRole('switch')).toBeNull();
  });

  it("on the call screen, asks to start the call before letting the visit's patient in", async () => {
    const api = new FakeApi().on(getWaitingPatients, () => ({ isSuccess: true, waitingList }));
    await renderScreen(
      '/remote',
      noticeScreen((record) => ({ call: { seqSchedule: 5, meetingId: null, onFailure: record } })),
      api,
      { signedIn: true },
    );
    const entry = (await screen.findByText('Min-jun Chan is waiting since 14:02')).closest('li');
    expect(entry?.textContent).toContain(texts.startFirst);
    expect(screen.queryByRole('button', { name: /Admit/ })).toBeNull();
    // The patients of other visits are only told of there.
    expect(screen.queryByRole('button', { name: /Open the visit/ })).toBeNull();
  });

  it('lets the patient into the open call, and tells why when they have left', async () => {
    const api = new FakeApi()
      .on(getWaitingPatients, () => ({ isSuccess: true, waitingList }))
      .on(admitPatient, () => ({ isSuccess: true }));
    await renderScreen(
      '/remote',
      noticeScreen((record) => ({ call: { seqSchedule: 5, meetingId, onFailure: record } })),
      api,
      { signedIn: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Admit Min-jun Chan' }));
    await expect.poll(() => api.callsOf(admitPatient)).toEqual([{ seqSchedule: 5, meetingId }]);
    // Let in, the list is read again.
    await expect.poll(() => api.callsOf(getWaitingPatients).length).toBe(2);
    expect(said()).toBe('');

    api.on(admitPatient, () => ({
      isSuccess: false,
      failedCode: 'SE0124',
      message: contractMessages.SE0124,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Admit Min-jun Chan' }));
    await expect.poll(said).toBe(contractMessages.SE0124);
  });
});
