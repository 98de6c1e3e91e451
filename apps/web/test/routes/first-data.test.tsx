// @vitest-environment happy-dom
import {
  getAllScheduleByRangeForClinic,
  getMyPatients,
  getSubscriptionStatus,
  listMonitoringAlerts,
  wallClockIn,
  type SubscriptionStatus,
} from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../src/app/router.tsx';
import { useMonitoringAlerts } from '../../src/features/monitoring/api/monitoring.ts';
import { useSubscriptionStatus } from '../../src/features/payments/api/get-subscription-status.ts';
import { useSchedulesInRange } from '../../src/features/schedules/api/get-schedules-in-range.ts';
import { defaultView, rangeOf } from '../../src/features/schedules/calendar.ts';
import { queryClient } from '../../src/shared/api/query-client.ts';
import { QueryProvider } from '../../src/shared/api/query-provider.tsx';
import { authActions } from '../../src/shared/session/auth-store.ts';
import { FakeApi } from '../fake-api.ts';
import { screenTestTimeout } from '../render-screen.tsx';

const clinician = {
  seqUser: 1,
  seqManager: 1,
  seqPatient: null,
  userId: 'first-data',
  userEmail: 'first-data@example.com',
  userName: 'Dana Doe',
};

const subscription: SubscriptionStatus = {
  isSubscribeActive: false,
  subscribeStatus: 'trial',
  isGracePeriod: false,
  currentSubscriptionInfo: null,
  trialEndsAt: '2099-01-01T00:00:00.000Z',
  currentPeriodEnd: null,
  graceEndsAt: null,
  planChangeAllowedAt: null,
  cancelAtPeriodEnd: false,
  activePatients: 0,
  patientLimit: 5,
  isOverLimit: false,
};

/** The routes started at `path` with nothing drawn: only their loaders can have called the server. */
function startRoutes(path: string, api: FakeApi): () => void {
  window.fetch = api.fetch;
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return () => router.dispose();
}

/** What home's route asks for, answered: no alerts, no visits, a trial. */
function homeApi(): FakeApi {
  return new FakeApi()
    .on(listMonitoringAlerts, () => ({ isSuccess: true, alertList: [] }))
    .on(getAllScheduleByRangeForClinic, () => ({ isSuccess: true, scheduleList: [] }))
    .on(getSubscriptionStatus, () => ({ isSuccess: true, subscription }))
    .on(getMyPatients, () => ({ isSuccess: true, patientList: [], activeLimit: 5 }));
}

/** The visits home's calendar and today's list show first: the calendar's first period, and today. */
function firstRanges(): { startDate: string; endDate: string }[] {
  const today = wallClockIn(new Date(), browserTimeZone()).date;
  const ranges = [rangeOf(defaultView(), today), { startDate: today, endDate: today }];
  return ranges.filter((range, index) => index === 0 || JSON.stringify(range) !== JSON.stringify(ranges[0]));
}

/** What home's views read of the prefetched data. */
function HomeData(): ReactElement {
  const [calendar, today] = firstRanges();
  const alerts = useMonitoringAlerts();
  const visits = useSchedulesInRange(calendar!);
  const todays = useSchedulesInRange(today ?? calendar!);
  const subscription = useSubscriptionStatus();
  const ready = [alerts, visits, todays, subscription].every((query) => query.isSuccess);
  return <p>{ready ? 'all read' : 'reading'}</p>;
}

beforeEach(() => authActions.setSession({ accessToken: 'access', refreshToken: 'refresh' }, clinician));
afterEach(() => {
  cleanup();
  authActions.clearSession();
});

describe("a screen's first data", { timeout: screenTestTimeout }, () => {
  it('is asked for as home and the patient list start loading, before their screens draw', async () => {
    const api = homeApi();
    const stopHome = startRoutes('/', api);
    await waitFor(() => {
      expect(api.callsOf(listMonitoringAlerts)).toHaveLength(1);
      expect(api.callsOf(getSubscriptionStatus)).toHaveLength(1);
      expect(api.callsOf(getAllScheduleByRangeForClinic)).toHaveLength(firstRanges().length);
    });
    expect(api.callsOf(getAllScheduleByRangeForClinic)).toEqual(expect.arrayContaining(firstRanges()));
    stopHome();
    const stopList = startRoutes('/patientList', api);
    await waitFor(() => expect(api.callsOf(getMyPatients)).toHaveLength(1));
    stopList();
    expect(api.callsOf(listMonitoringAlerts)).toHaveLength(1);
  });

  it("is read by home's views from the cache, without asking again", async () => {
    const api = homeApi();
    const stop = startRoutes('/', api);
    await waitFor(() => expect(api.callsOf(getAllScheduleByRangeForClinic)).toHaveLength(firstRanges().length));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    render(
      <QueryProvider>
        <HomeData />
      </QueryProvider>,
    );
    await screen.findByText('all read');
    stop();
    expect(api.callsOf(listMonitoringAlerts)).toHaveLength(1);
    expect(api.callsOf(getSubscriptionStatus)).toHaveLength(1);
    expect(api.callsOf(getAllScheduleByRangeForClinic)).toHaveLength(firstRanges().length);
  });
});
