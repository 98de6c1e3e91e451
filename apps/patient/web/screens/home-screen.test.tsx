// @vitest-environment happy-dom
import { listMySchedules, ScheduleStatus, type PatientSchedule } from '@clinic/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtimeHub, RealtimeChannelContext } from '../realtime/realtime-channel.ts';
import { formatDateTime } from '../visits/visits.ts';
import { HomeScreen } from './home-screen.tsx';
import { FakeServer, renderScreen, screenTestTimeout } from './render-screen.tsx';

function visit(
  seqSchedule: number,
  daysAhead: number,
  scheduleStatus: PatientSchedule['scheduleStatus'],
): PatientSchedule {
  const start = new Date(Date.now() + daysAhead * 86_400_000).toISOString();
  return {
    seqSchedule,
    seqMedicalRelation: 7,
    managerName: 'Grace Hopper',
    scheduleStatus,
    scheduleExpectStartDatetime: start,
    scheduleExpectEndDatetime: start,
    scheduleExpectProgressTime: '00:30:00',
    scheduleStartDatetime: null,
    scheduleProgressTime: null,
    scheduleSymptoms: null,
    schedulePhotoList: [],
    bookedBy: 'clinician',
  };
}

const visits = [
  visit(1, 2, ScheduleStatus.waiting),
  visit(2, 9, ScheduleStatus.waiting),
  visit(3, -5, ScheduleStatus.completed),
];
const labelOf = (entry: PatientSchedule): string =>
  `Visit with Grace Hopper on ${formatDateTime(entry.scheduleExpectStartDatetime, 'en')}`;

afterEach(cleanup);

async function renderHome(focusVisit?: number): Promise<void> {
  const server = new FakeServer().on(listMySchedules, () => ({ isSuccess: true, scheduleList: visits }));
  await renderScreen(
    <RealtimeChannelContext value={createRealtimeHub()}>
      <HomeScreen focusVisit={focusVisit} onBook={() => undefined} onJoin={() => undefined} />
    </RealtimeChannelContext>,
    server,
  );
}

describe('the home screen opened on a visit', { timeout: screenTestTimeout }, () => {
  it('focuses and marks the visit a link names', async () => {
    await renderHome(2);
    const card = await screen.findByRole('article', { name: labelOf(visits[1]!) });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('article', { name: labelOf(visits[0]!) }).getAttribute('aria-current')).toBeNull();
  });

  it('finds a past visit too, and leaves the page as it is without one', async () => {
    await renderHome(3);
    const past = await screen.findByRole('article', { name: labelOf(visits[2]!) });
    await waitFor(() => expect(document.activeElement).toBe(past));
    cleanup();
    await renderHome();
    await screen.findByRole('article', { name: labelOf(visits[0]!) });
    expect(screen.queryAllByRole('article').filter((card) => card.getAttribute('aria-current'))).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });
});
