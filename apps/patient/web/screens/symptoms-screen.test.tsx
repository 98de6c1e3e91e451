// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import {
  addSymptomReport,
  getMyClinicians,
  listMySymptomReports,
  type RequestOf,
  type SymptomReport,
} from '@clinic/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox, flushOutbox } from '../offline/outbox.ts';
import { indexedDbOutboxStore } from '../offline/outbox-store.ts';
import { FakeServer, renderScreen, screenTestTimeout } from './render-screen.tsx';
import { SymptomsScreen } from './symptoms-screen.tsx';

const clinicians = [
  { seqMedicalRelation: 7, managerName: 'Grace Hopper', managerSpecialty: null },
  { seqMedicalRelation: 8, managerName: 'Ada Lovelace', managerSpecialty: 'Physiotherapy' },
];

const earlier: SymptomReport = {
  seqSymptomReport: 1,
  seqMedicalRelation: 7,
  painLevel: 2,
  symptoms: 'Stiff in the morning',
  reportedAt: '2026-11-20T08:00:00.000Z',
  receivedAt: '2026-11-20T08:00:01.000Z',
};

/** A server that keeps one report per idempotency key, as the real one does. */
function reportServer(clinicianList = clinicians) {
  const kept = new Map<string, SymptomReport>([['earlier', earlier]]);
  const server = new FakeServer()
    .on(getMyClinicians, () => ({ isSuccess: true, clinicianList }))
    .on(listMySymptomReports, () => ({ isSuccess: true, symptomReportList: [...kept.values()].reverse() }))
    .on(addSymptomReport, (request: RequestOf<typeof addSymptomReport>) => {
      const symptomReport = kept.get(request.idempotencyKey) ?? {
        seqSymptomReport: kept.size + 1,
        seqMedicalRelation: request.seqMedicalRelation,
        painLevel: request.painLevel,
        symptoms: request.symptoms,
        reportedAt: request.reportedAt,
        receivedAt: new Date().toISOString(),
      };
      kept.set(request.idempotencyKey, symptomReport);
      return { isSuccess: true, symptomReport };
    });
  return { server, kept };
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

const reportList = (): HTMLElement => screen.getByRole('region', { name: 'Your reports' });

afterEach(async () => {
  cleanup();
  setOnline(true);
  await clearOutbox();
});

describe('the symptoms screen', { timeout: screenTestTimeout }, () => {
  it('asks for the clinician and the pain before anything is kept', async () => {
    const { server } = reportServer();
    await renderScreen(<SymptomsScreen />, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Send report' }));
    const clinician = await screen.findByRole('combobox', { name: 'Clinician' });
    expect(clinician.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(await indexedDbOutboxStore().list()).toEqual([]);
    expect(server.callsOf(addSymptomReport)).toEqual([]);
  });

  it('keeps a report made offline on the device, shows it waiting, and sends it once when back online', async () => {
    const { server, kept } = reportServer();
    await renderScreen(<SymptomsScreen />, server);
    await within(reportList()).findByText('Stiff in the morning');

    setOnline(false);
    server.offline = true;
    fireEvent.change(await screen.findByRole('combobox', { name: 'Clinician' }), { target: { value: '8' } });
    const pain = screen.getByRole('radiogroup', { name: 'Pain right now' });
    fireEvent.click(within(pain).getByRole('radio', { name: '7' }));
    expect(within(pain).getByRole('radio', { name: '7' }).getAttribute('aria-checked')).toBe('true');
    // The arrow keys move along the scale.
    fireEvent.keyDown(within(pain).getByRole('radio', { name: '7' }), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(within(pain).getByRole('radio', { name: '8' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Symptoms (optional)' }), {
      target: { value: 'Swollen knee after the walk' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    await screen.findByText(
      'No connection to the server: your report is kept on this device and sent when the connection is back.',
    );
    const waiting = await within(reportList()).findByText('Waiting to send');
    const item = waiting.closest('li');
    expect(item).not.toBeNull();
    within(item!).getByText('Pain 8/10');
    within(item!).getByText('Swollen knee after the walk');
    within(item!).getByText('To Ada Lovelace');
    // The form is ready for the next report.
    expect(within(pain).queryByRole('radio', { checked: true })).toBeNull();

    const [entry, ...others] = await indexedDbOutboxStore().list();
    expect(others).toEqual([]);
    expect(entry?.endpoint).toBe('/patientApp/addSymptomReport');
    expect(entry?.body).toMatchObject({
      seqMedicalRelation: 8,
      painLevel: 8,
      symptoms: 'Swollen knee after the walk',
    });
    expect(server.callsOf(addSymptomReport)).toEqual([]);

    setOnline(true);
    server.offline = false;
    await act(async () => {
      await flushOutbox();
      await flushOutbox();
    });
    expect(server.callsOf(addSymptomReport)).toEqual([entry?.body]);
    expect(kept.size).toBe(2);
    await waitFor(() => expect(within(reportList()).queryByText('Waiting to send')).toBeNull());
    within(reportList()).getByText('Swollen knee after the walk');
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('sends a report at once when the server can be reached', async () => {
    const { server, kept } = reportServer();
    await renderScreen(<SymptomsScreen />, server);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Clinician' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('radio', { name: '0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Your report was sent to your clinician.');
    expect(server.callsOf(addSymptomReport)).toMatchObject([{ seqMedicalRelation: 7, painLevel: 0, symptoms: null }]);
    expect(kept.size).toBe(2);
    const item = (await within(reportList()).findByText('Pain 0/10')).closest('li')!;
    within(item).getByText('To Grace Hopper');
    expect(within(reportList()).queryByText('Waiting to send')).toBeNull();
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });

  it('shows a report the server refused as not sent, with the reason, until the patient removes it', async () => {
    const { server } = reportServer([clinicians[0]!]);
    server.on(addSymptomReport, { status: 404, failedCode: 'CM0404' });
    await renderScreen(<SymptomsScreen />, server);
    // One clinician: nothing to choose.
    await screen.findByText('To Grace Hopper');
    expect(screen.queryByRole('combobox', { name: 'Clinician' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    await screen.findByText('Your report could not be sent. See the reason in your reports below.');
    const refused = await within(reportList()).findByText('Could not be sent');
    const item = refused.closest('li')!;
    within(item).getByText('Not found.');
    expect(server.callsOf(addSymptomReport)).toHaveLength(1);
    expect(server.callsOf(addSymptomReport)[0]).toMatchObject({ seqMedicalRelation: 7, painLevel: 4, symptoms: null });

    // Never sent again.
    await act(() => flushOutbox());
    expect(server.callsOf(addSymptomReport)).toHaveLength(1);

    fireEvent.click(within(item).getByRole('button', { name: /^Remove the report of / }));
    await waitFor(() => expect(within(reportList()).queryByText('Could not be sent')).toBeNull());
    expect(await indexedDbOutboxStore().list()).toEqual([]);
  });
});
