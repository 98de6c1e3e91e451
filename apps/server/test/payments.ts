import { completePayment, getPaymentProcessor, type IntentToConfirm } from '@clinic/contract';
import { confirmAsBrowser } from '@clinic/payment-sandbox';
import type { FastifyInstance } from 'fastify';
import { callApi, type Answer } from './fixtures.ts';

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
