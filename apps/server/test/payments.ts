import { completePayment, getPaymentProcessor, type IntentToConfirm } from '@clinic/contract';
import { confirmAsBrowser } from '@clinic/payment-sandbox';
import type { FastifyInstance } from 'fastify';
import { callApi, relogin, verifiedClinician, type Answer } from './fixtures.ts';
import type { TestApp } from './helper.ts';

export const day = 86_400_000;

export type Clinician = Awaited<ReturnType<typeof verifiedClinician>>;

/**
 * The clinicians of a test file and its clock: moving the clock runs the background jobs
 * (renewals, then mail) and logs everyone in again, their access tokens having expired meanwhile.
 */
export function clinicianClock(app: () => TestApp): {
  /** A verified, logged-in clinician the clock moves for. */
  newClinician: (overrides?: Parameters<typeof verifiedClinician>[2], language?: string) => Promise<Clinician>;
  pass: (milliseconds: number) => Promise<void>;
} {
  const people: Clinician[] = [];
  return {
    newClinician: async (overrides = {}, language) => {
      const t = app();
      const who = await verifiedClinician(t.app, t.mail, overrides, language);
      people.push(who);
      return who;
    },
    pass: async (milliseconds) => {
      const t = app();
      t.clock.advance(milliseconds);
      await t.app.jobs.tick();
      for (const who of people) await relogin(t.app, who);
    },
  };
}

/** The sandbox processor as the browser reaches it (the tests' public host is not a real one). */
export interface BrowserProcessor {
  origin: string;
  publishableKey: string;
}

export async function browserProcessor(app: FastifyInstance, token: string): Promise<BrowserProcessor> {
  const info = (await callApi(app, getPaymentProcessor, {}, { token })).success;
  const script = new URL(info.scriptUrl!);
  script.hostname = '127.0.0.1';
  return { origin: script.origin, publishableKey: info.publishableKey };
}

/**
 * The browser's part of a payment: the card typed in the processor's fields confirms the intent
 * there; our server then records it.
 */
export async function confirmWithCard(
  app: FastifyInstance,
  token: string,
  processor: BrowserProcessor,
  intent: IntentToConfirm,
  cardNumber: string,
): Promise<Answer<typeof completePayment>> {
  const browser = { id: intent.intentId, client_secret: intent.clientSecret };
  const typed = { number: cardNumber, expiry: '1230', cvc: '123', postalCode: '10001' };
  await confirmAsBrowser(processor.origin, processor.publishableKey, browser, typed);
  return callApi(app, completePayment, { intentId: intent.intentId }, { token });
}
