// @vitest-environment happy-dom
import { getMyPatients, getUnreadMessageCount, listCategories, type PatientListItem } from '@clinic/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as PatientListScreen } from '../../src/app/routes/patient-list.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

function patient(seqMedicalRelation: number, patientName: string, isEnabled: boolean): PatientListItem {
  return {
    seqMedicalRelation,
    patientName,
    patientEmail: null,
    patientAge: 67,
    deviceType: 1,
    isEnabled,
    isAppMember: false,
    categoryIds: [],
    primaryDiagnosis: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    reservedSchedules: [],
  };
}

const patientList = [patient(1, 'Mei Chan', true), patient(2, 'Ola Berg', false)];

afterEach(cleanup);

describe('the patient list screen', { timeout: screenTestTimeout }, () => {
  it('counts the active patients against the plan and narrows the list by a search', async () => {
    const api = new FakeApi()
      .on(getMyPatients, () => ({ isSuccess: true, patientList, activeLimit: 5 }))
      .on(listCategories, () => ({ isSuccess: true, categoryList: [] }))
      .on(getUnreadMessageCount, () => ({
        isSuccess: true,
        totalUnread: 3,
        threadList: [{ seqMedicalRelation: 1, unreadCount: 3 }],
      }));
    await renderScreen('/patientList', PatientListScreen, api, { signedIn: true });
    await screen.findByText('Active patients: 1 of 5');
    await screen.findByText('2 of 2 patients');
    fireEvent.change(screen.getByLabelText(en.patients.list.search), { target: { value: 'chan' } });
    await screen.findByText('1 of 2 patients');
    expect(api.missing).toEqual([]);
  });

  it('says the list did not load, and reads it again on retry', async () => {
    const api = new FakeApi()
      .on(getMyPatients, { status: 500 })
      .on(listCategories, () => ({ isSuccess: true, categoryList: [] }));
    await renderScreen('/patientList', PatientListScreen, api, { signedIn: true });
    await screen.findByText(en.common.loadFailed);
    api.on(getMyPatients, () => ({ isSuccess: true, patientList, activeLimit: 5 }));
    fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    await screen.findByText('2 of 2 patients');
    expect(api.callsOf(getMyPatients)).toHaveLength(2);
  });
});
