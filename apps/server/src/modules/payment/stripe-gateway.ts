import { FailedCode } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import { outcomeUnknown, type GatewayFailure, type GatewayResult, type PaymentGateway } from './gateway.ts';

/** A call to Stripe that has not answered by then has an unknown outcome (and a retry reuses its key). */
const timeoutMs = 30_000;

/**
 * Answers that do not say whether Stripe did it: its own failure (5xx), or 409, another request
 * with our key still running there. The request is made again with the same key.
 */
const isUnsettled = (status: number): boolean => status >= 500 || status === 409;

interface StripeObject {
  id: string;
  status?: string;
}

interface StripeErrorBody {
  error?: { code?: string; decline_code?: string };
}

/** Stripe's refusals we tell apart; any other refusal is PAY2000. */
function failureOf(error: StripeErrorBody['error']): GatewayFailure {
  if (error?.code === 'expired_card' || error?.decline_code === 'expired_card') return FailedCode.CardExpired;
  if (error?.code === 'card_declined') return FailedCode.CardDeclined;
  return FailedCode.PaymentFailed;
}

/** The card we keep names Stripe's customer and the payment method it owns. */
const tokenOf = (customer: string, paymentMethod: string): string => `${customer}/${paymentMethod}`;

/**
 * Stripe over its REST API: form-encoded requests authorised by the secret key. A card is saved as
 * a PaymentMethod owned by a Customer (attaching it is when Stripe checks the card); a charge is a
 * PaymentIntent confirmed off-session with that method, carrying our key as Stripe's
 * Idempotency-Key, so a retried charge is made once. The log gets Stripe's codes and request ids,
 * never a request: the card and the secret key stay out of it.
 */
export function stripeGateway({
  secretKey,
  apiUrl,
  deploymentId,
  log,
}: {
  secretKey: string;
  apiUrl: string;
  /** Prefixes our keys: deployments sharing a Stripe account (a copy restored for testing) never replay each other's. */
  deploymentId: string;
  log: FastifyBaseLogger;
}): PaymentGateway {
  /** A POST carries our key; a DELETE needs none (deleting twice deletes once). */
  async function send(
    request: { method: 'POST'; fields: Record<string, string>; idempotencyKey: string } | { method: 'DELETE' },
    path: string,
  ): Promise<GatewayResult<StripeObject>> {
    let response: Response;
    try {
      response = await fetch(new URL(path, apiUrl), {
        method: request.method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          ...(request.method === 'POST' && {
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': `${deploymentId}:${request.idempotencyKey}`,
          }),
        },
        ...(request.method === 'POST' && { body: new URLSearchParams(request.fields).toString() }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.warn({ path, reason: error instanceof Error ? error.name : 'unknown' }, 'Stripe did not answer');
      return outcomeUnknown;
    }
    const body = (await response.json().catch(() => ({}))) as StripeObject & StripeErrorBody;
    if (response.ok) return { ok: true, value: body };
    log.warn(
      {
        path,
        status: response.status,
        code: body.error?.code,
        declineCode: body.error?.decline_code,
        stripeRequestId: response.headers.get('request-id'),
      },
      isUnsettled(response.status) ? 'Stripe did not settle the request' : 'Stripe refused',
    );
    return isUnsettled(response.status) ? outcomeUnknown : { ok: false, failedCode: failureOf(body.error) };
  }

  const post = (path: string, fields: Record<string, string>, idempotencyKey: string) =>
    send({ method: 'POST', fields, idempotencyKey }, path);

  return {
    async saveCard(card, idempotencyKey) {
      // Keyed too: the same request made again finds the same card and customer, so a charge
      // repeated after an unknown outcome carries the same parameters, as Stripe demands of a key.
      const method = await post(
        '/v1/payment_methods',
        {
          type: 'card',
          'card[number]': card.cardNumber,
          'card[exp_month]': String(Number(card.expiry.slice(0, 2))),
          'card[exp_year]': `20${card.expiry.slice(2)}`,
          'card[cvc]': card.cvc,
          'billing_details[address][postal_code]': card.zipCode,
          'billing_details[address][line1]': card.address,
        },
        `${idempotencyKey}:payment_method`,
      );
      if (!method.ok) return method;
      const customer = await post(
        '/v1/customers',
        { payment_method: method.value.id, 'invoice_settings[default_payment_method]': method.value.id },
        `${idempotencyKey}:customer`,
      );
      if (!customer.ok) return customer;
      return {
        ok: true,
        value: {
          token: tokenOf(customer.value.id, method.value.id),
          cardType: card.cardType,
          last4: card.cardNumber.slice(-4),
          expiry: card.expiry,
        },
      };
    },

    async charge({ token, amountMinor, currency, idempotencyKey }) {
      const [customer, paymentMethod] = token.split('/');
      if (!customer || !paymentMethod) return { ok: false, failedCode: FailedCode.PaymentFailed };
      const intent = await post(
        '/v1/payment_intents',
        {
          amount: String(amountMinor),
          currency: currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          off_session: 'true',
          confirm: 'true',
        },
        idempotencyKey,
      );
      if (!intent.ok) return intent;
      // Off-session, anything but a completed charge (say, a bank asking the holder) is a failure.
      return intent.value.status === 'succeeded'
        ? { ok: true, value: { chargeId: intent.value.id } }
        : { ok: false, failedCode: FailedCode.PaymentFailed };
    },

    async forgetCard(token) {
      // Deleting the customer detaches its payment methods; a failure is logged by send.
      const [customer] = token.split('/');
      if (customer) await send({ method: 'DELETE' }, `/v1/customers/${encodeURIComponent(customer)}`);
    },
  };
}
