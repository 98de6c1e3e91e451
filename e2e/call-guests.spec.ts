import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinic/contract';
import patientCs from '../apps/patient/web/locales/cs.json';
import patientEn from '../apps/patient/web/locales/en.json';
import patientKo from '../apps/patient/web/locales/ko.json';
import patientZhHK from '../apps/patient/web/locales/zh-HK.json';
import { expectAccessible, expectFitsWidth, startStack, type Stack } from './harness.ts';
import { ui } from './steps.ts';
import { callStatus, connectedVisit, framesRiseOn, guestLinkRefused, inviteAndAdmitGuest } from './visit-steps.ts';

const t = ui.en;
const p = patientEn;
const patientWords = { ko: patientKo, 'zh-HK': patientZhHK, cs: patientCs } as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('a guest of a video visit', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { media: true });
  });
  afterAll(() => stack?.close());

  it('joins by a single-use link after Admit, sees and is seen by both, and is removed for good', async () => {
    const visit = await connectedVisit(stack, stack.url);
    const { clinician, patient } = visit;

    const { guest, link } = await inviteAndAdmitGuest(stack, clinician, 'Ji-woo Chan', async (page, step) => {
      if (step === 'invitation') await expectAccessible(page, 'the invitation of a guest');
      if (step === 'form') await expectAccessible(page, 'the guest’s form');
      if (step === 'waiting') {
        await expectAccessible(page, 'the guest’s waiting room');
        // Nothing reaches the guest before Admit.
        expect(await page.getByTestId('peer-video').count()).toBe(0);
      }
    });
    expect(link).toMatch(/\/patient\/guest#[\w-]{43}$/);
    // The token left the address (and the history) once the page had it.
    expect(guest.url()).not.toContain('#');
    // Everyone decodes two inbound videos: the clinician the patient's and the guest's, and so on.
    await framesRiseOn(guest, '[data-testid=peer-video]', 2);
    await framesRiseOn(clinician, '[data-testid=remote-video], [data-testid=guest-video]', 2);
    await framesRiseOn(patient, '[data-testid=remote-video], [data-testid=peer-video]', 2);
    expect(await clinician.getByTestId('guest-video').getAttribute('aria-label')).toBe(
      `Ji-woo Chan · ${t.videoCall.guests.roles.caregiver}`,
    );
    await expectAccessible(clinician, 'the call screen with a guest');
    await expectAccessible(guest, 'the guest in the call');

    // Removed: every connection to the guest closes within 2 s, and the link cannot be used again.
    await button(clinician, t.videoCall.guests.removeOf.replace('{{name}}', 'Ji-woo Chan')).click();
    await guest.getByTestId('guest-over').getByText(p.guest.removed).waitFor({ timeout: 2000 });
    await clinician.getByTestId('guest-video').waitFor({ state: 'detached', timeout: 2000 });
    await patient.getByTestId('peer-video').waitFor({ state: 'detached', timeout: 2000 });
    await callStatus(patient, 'connected');
    await guestLinkRefused(stack, link);
  }, 300_000);

  it('speaks the guest’s language on a phone: the form, the missing name and the refusal', async () => {
    for (const language of ['ko', 'zh-HK', 'cs'] as const) {
      const words = patientWords[language];
      const guest = await stack.newPage({ locale: language, width: 360 });
      // A link nobody made: the form shows (the token is only read on Continue), then the refusal.
      await guest.goto(`/patient/guest#${'x'.repeat(43)}`);
      await button(guest, words.guest.continue).click();
      await guest.getByText(words.guest.nameRequired).first().waitFor();
      await expectFitsWidth(guest);
      await expectAccessible(guest, `the guest’s form in ${language}`);
      await guest.getByLabel(words.guest.name).fill('Ji-woo Chan');
      await button(guest, words.guest.continue).click();
      await guest.getByTestId('guest-over').getByText(messages[language].SE0126).waitFor();
      await expectFitsWidth(guest);
      await expectAccessible(guest, `the refused guest in ${language}`);
      await guest.context().close();
    }
  }, 120_000);
});
