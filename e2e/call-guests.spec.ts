import { messages } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { ui } from './steps.ts';
import { callStatus, connectedVisit, framesRiseOn, inviteAndAdmitGuest } from './visit-steps.ts';

const t = ui.en;
const p = patientEn;

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

    const again = await guest.context().newPage();
    await again.goto(link);
    await again.getByLabel(p.guest.name).fill('Ji-woo Chan');
    await button(again, p.guest.continue).click();
    await again.getByTestId('guest-over').getByText(messages.en.SE0126).waitFor();
  }, 300_000);
});
