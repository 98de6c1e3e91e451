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
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../src/app/router.tsx';
import { queryClient } from '../../src/shared/api/query-client.ts';
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

afterEach(() => authActions.clearSession());

describe("a screen's first data", { timeout: screenTestTimeout }, () => {
  it('is asked for as home and the patient list start loading, before their screens draw', async () => {
    authActions.setSession({ accessToken: 'access', refreshToken: 'refresh' }, clinician);
    const api = new FakeApi()
      .on(listMonitoringAlerts, () => ({ isSuccess: true, alertList: [] }))
      .on(getAllScheduleByRangeForClinic, () => ({ isSuccess: true, scheduleList: [] }))
      .on(getSubscriptionStatus, () => ({ isSuccess: true, subscription }))
      .on(getMyPatients, () => ({ isSuccess: true, patientList: [], activeLimit: 5 }));

    const stopHome = startRoutes('/', api);
    await waitFor(() => {
      expect(api.callsOf(listMonitoringAlerts)).toHaveLength(1);
      expect(api.callsOf(getSubscriptionStatus)).toHaveLength(1);
      // Today's visits and the calendar's first period, both today's on a phone's screen.
      expect(api.callsOf(getAllScheduleByRangeForClinic).length).toBeGreaterThan(0);
    });
    const today = wallClockIn(new Date(), browserTimeZone()).date;
    expect(api.callsOf(getAllScheduleByRangeForClinic)).toContainEqual({ startDate: today, endDate: today });
    stopHome();
    const stopList = startRoutes('/patientList', api);
    await waitFor(() => expect(api.callsOf(getMyPatients)).toHaveLength(1));
    stopList();
    expect(api.callsOf(listMonitoringAlerts)).toHaveLength(1);
  });
});
