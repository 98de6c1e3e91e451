// @vitest-environment happy-dom
import {
  addMonitoringConsent,
  FailedCode,
  getMonitoringConsent,
  messages,
  withdrawMonitoringConsent,
  type MonitoringConsent,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentSection } from '../../src/features/monitoring-billing/components/monitoring-consent.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const texts = en.monitoringBilling.consent;
const seqMedicalRelation = 7;
const consent: MonitoringConsent = {
  seqMonitoringConsent: 3,
  givenOn: '2026-10-01',
  method: 'verbal',
  recordedBy: 'Dana Doe',
  recordedAt: '2026-10-01T09:00:00.000Z',
  withdrawnOn: null,
  withdrawnBy: null,
};

const Section = () => <ConsentSection seqMedicalRelation={seqMedicalRelation} />;
/** A translation with its variables filled in. */
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((line, [name, value]) => line.replace(`{{${name}}}`, value), text);

afterEach(cleanup);

describe("the patient's consent to remote monitoring", () => {
  it(
    'asks how the consent was given before sending, and shows a refusal in the dialog',
    async () => {
      const api = new FakeApi()
        .on(getMonitoringConsent, () => ({ isSuccess: true, current: null, history: [] }))
        .on(addMonitoringConsent, () => ({
          isSuccess: false,
          failedCode: FailedCode.ConsentInForce,
          message: messages.en.RM0001,
        }));
      await renderScreen('/consent', Section, api, { signedIn: true });
      await screen.findByText(texts.none);
      fireEvent.click(screen.getByRole('button', { name: texts.record }));
      const dialog = await screen.findByRole('dialog', { name: texts.recordTitle });
      fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));
      await within(dialog).findByText(messages.en['validation.consent_method']);
      expect(api.callsOf(addMonitoringConsent)).toEqual([]);

      fireEvent.click(within(dialog).getByRole('radio', { name: texts.methods.electronic }));
      fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));
      expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', messages.en.RM0001);
      const [sent] = api.callsOf(addMonitoringConsent);
      expect(sent).toMatchObject({ seqMedicalRelation, method: 'electronic' });
      expect(sent?.givenOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(api.missing).toEqual([]);
    },
    screenTestTimeout,
  );

  it(
    'shows the consent in force, and withdraws it only from the dialog',
    async () => {
      let current: MonitoringConsent | null = consent;
      const api = new FakeApi()
        .on(getMonitoringConsent, () => ({
          isSuccess: true,
          current,
          history: [current ?? { ...consent, withdrawnOn: '2026-10-20', withdrawnBy: 'Dana Doe' }],
        }))
        .on(withdrawMonitoringConsent, (request) => {
          current = null;
          return {
            isSuccess: true,
            consent: { ...consent, withdrawnOn: request.withdrawnOn, withdrawnBy: 'Dana Doe' },
          };
        });
      await renderScreen('/consent', Section, api, { signedIn: true });
      await screen.findByText(
        fill(texts.inForce, { date: '10/01/2026', method: texts.methods.verbal, name: 'Dana Doe' }),
      );
      fireEvent.click(screen.getByRole('button', { name: texts.withdraw }));
      const dialog = await screen.findByRole('dialog', { name: texts.withdrawTitle });
      // Cancel has the focus: Enter on opening never withdraws by accident.
      await waitFor(() => expect(document.activeElement?.textContent).toBe(en.common.cancel));
      fireEvent.click(within(dialog).getByRole('button', { name: texts.confirmWithdraw }));
      await screen.findByText(texts.none);
      const [withdrawal] = api.callsOf(withdrawMonitoringConsent);
      expect(withdrawal?.seqMonitoringConsent).toBe(consent.seqMonitoringConsent);
      expect(withdrawal?.withdrawnOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await screen.findByText(texts.history);
      // The whole line is one translation: the consent and its withdrawal.
      await screen.findByText(
        fill(texts.historyWithdrawn, {
          date: '10/01/2026',
          method: texts.methods.verbal,
          name: 'Dana Doe',
          withdrawnOn: '10/20/2026',
          withdrawnBy: 'Dana Doe',
        }),
      );
    },
    screenTestTimeout,
  );

  it(
    'shows the day a consent was recorded on when it was recorded later than given',
    async () => {
      const late = { ...consent, recordedAt: '2026-10-05T12:00:00.000Z' };
      const api = new FakeApi().on(getMonitoringConsent, () => ({ isSuccess: true, current: late, history: [late] }));
      await renderScreen('/consent', Section, api, { signedIn: true });
      expect(screen.getByRole('status', { name: en.common.loading })).toBeTruthy();
      await screen.findByText(
        fill(texts.inForceRecordedLater, {
          date: '10/01/2026',
          method: texts.methods.verbal,
          name: 'Dana Doe',
          recordedOn: '10/05/2026',
        }),
      );
      expect(screen.queryByRole('status', { name: en.common.loading })).toBeNull();
    },
    screenTestTimeout,
  );
});
