import { FailedCode, type CardType, type IntentToConfirm } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';

/** The API version our calls and webhook events are written for; Stripe answers in it whatever the account's default. */
export const stripeApiVersion = '2026-10-28.endive';

/** What a processor may answer instead of doing what was asked. */
export type GatewayFailure =
  typeof FailedCode.PaymentFailed | typeof FailedCode.CardDeclined | typeof FailedCode.CardExpired;
/**
 * What the processor said: done, or refused with a code. A charge the card holder must confirm
 * (3-D Secure) names the payment intent that waits for them.
 */
export type GatewayOutcome<T> =
  { ok: true; value: T } | { ok: false; failedCode: GatewayFailure; waitingForHolder?: string };
/**
 * No answer in time, a network error, the processor's own failure or a request with our key still
 * running there, and the charge not found when looked up: a charge may have been made. Nothing
 * final is recorded; the call is made again with the same key, which the processor answers with
 * the first outcome.
 */
export const outcomeUnknown = { ok: false, unknown: true } as const;
export type GatewayResult<T> = GatewayOutcome<T> | typeof outcomeUnknown;

export const isUnknown = <T>(result: GatewayResult<T>): result is typeof outcomeUnknown => 'unknown' in result;

/** The card as we may keep it: the processor's reference, never the number or the security code. */
export interface SavedCard {
  token: string;
  cardType: CardType;
  last4: string;
  expiry: string;
}

/** An intent as the processor has it now: what became of it, and the card it saved or charged. */
export interface IntentState {
  id: string;
  kind: 'setup' | 'payment';
  /** waiting: the holder has not confirmed yet, or the processor is still at it. */
  status: 'succeeded' | 'failed' | 'waiting';
  /** Why it failed (when it did). */
  failedCode: GatewayFailure;
  /** What we wrote on it: whose it is and what it is for. */
  metadata: Record<string, string>;
  clientSecret: string | null;
  card: SavedCard | undefined;
}

/**
 * A card processor. A card is typed in its fields in the browser, never sent to us; an intent and
 * a charge carry our idempotency key, so a retried request makes one of each.
 */
export interface PaymentGateway {
  charge(request: {
    token: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    /** Whose charge it is and what for, so that confirming it later (3-D Secure) records it. */
    metadata: Record<string, string>;
  }): Promise<GatewayResult<{ chargeId: string }>>;
  /**
   * Starts what the browser confirms with a card typed in the processor's fields: a SetupIntent
   * that saves it, or a PaymentIntent that charges it and keeps it for later charges, each for a
   * new Customer of its own.
   */
  startIntent(request: {
    kind: 'setup' | 'payment';
    amountMinor: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewayResult<IntentToConfirm>>;
  /**
   * Deletes a card we no longer keep (a replaced card, a deleted account) at the processor. Called
   * after our change committed; never throws: a failure is logged, without card data, and our
   * change stands.
   */
  forgetCard(token: string): Promise<void>;
  /**
   * Cancels a PaymentIntent no browser is to confirm any more: answers whether it can no longer
   * charge ('cancelled', also when it failed or the processor has no such intent), charged before it
   * could be ('succeeded'), or unknown.
   */
  cancelIntent(intentId: string): Promise<'cancelled' | 'succeeded' | typeof outcomeUnknown>;
  /** An intent as the processor has it now; undefined when it has none by that id or does not answer. */
  findIntent(intentId: string): Promise<IntentState | undefined>;
  /** The webhook event a request carries, if its signature is the processor's; throws otherwise. */
  verifyEvent(payload: string, signature: string): Stripe.Event;
}

/** The card we keep names the processor's customer and the payment method it owns. */
const tokenOf = (customer: string, paymentMethod: string): string => `${customer}/${paymentMethod}`;

/** Our card types by Stripe's brands; Diners Club and UnionPay cards run on the Discover network. */
const cardTypeOfBrand: Record<string, CardType> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'AmericanExpress',
  discover: 'Discover',
  diners: 'Discover',
  unionpay: 'Discover',
  jcb: 'JCB',
};

/** Stripe's refusals we tell apart; any other refusal is PAY2000. */
function failureOf(code: string | undefined, declineCode?: string): GatewayFailure {
  if (code === 'expired_card' || declineCode === 'expired_card') return FailedCode.CardExpired;
  if (code === 'card_declined') return FailedCode.CardDeclined;
  return FailedCode.PaymentFailed;
}

/**
 * Answers that do not say whether the processor did it: no answer, its own failure (5xx), or 409,
 * another request with our key still running there.
 */
const isUnsettled = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeIdempotencyError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500);

/**
 * A processor speaking Stripe's API through the official client: Stripe itself, or the sandbox
 * processor, which speaks the same. A card is a PaymentMethod owned by a Customer, saved or first
 * charged by an intent the browser confirmed; a later charge is a PaymentIntent confirmed
 * off-session with that method, carrying our key as the Idempotency-Key and in its metadata, so a retried charge is made
 * once and a charge whose answer was lost is found again. The log gets the processor's codes and
 * request ids, never a request: the secret key stays out of it.
 */
export function stripeGateway({
  secretKey,
  apiUrl,
  webhookSecret,
  deploymentId,
  log,
}: {
  secretKey: string;
  apiUrl: string;
  webhookSecret: string;
  /** Prefixes our keys: deployments sharing a Stripe account (a copy restored for testing) never replay each other's. */
  deploymentId: string;
  log: FastifyBaseLogger;
}): PaymentGateway {
  const keyed = (idempotencyKey: string) => ({ idempotencyKey: `${deploymentId}:${idempotencyKey}` });
  // Made at the first call: the client's set-up costs every start of the server otherwise.
  let client: Stripe | undefined;
  const stripe = (): Stripe => (client ??= stripeClient(secretKey, apiUrl));

  /** Runs a call; a refusal becomes its code, an answer that settles nothing an unknown outcome. */
  async function attempt<T>(what: string, call: () => Promise<T>): Promise<GatewayResult<T>> {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      const unsettled = isUnsettled(error);
      log.warn(
        {
          what,
          status: error.statusCode,
          code: error.code,
          declineCode: error.decline_code,
          stripeRequestId: error.requestId,
        },
        unsettled ? 'the payment processor did not settle the request' : 'the payment processor refused',
      );
      if (unsettled) return outcomeUnknown;
      const waiting = error.code === 'authentication_required' ? error.payment_intent?.id : undefined;
      return {
        ok: false,
        failedCode: failureOf(error.code, error.decline_code),
        ...(waiting && { waitingForHolder: waiting }),
      };
    }
  }

  /** The outcome of a charge as its PaymentIntent now says; unknown while it is still under way. */
  function outcomeOf(intent: Stripe.PaymentIntent): GatewayResult<{ chargeId: string }> {
    if (intent.status === 'succeeded') return { ok: true, value: { chargeId: intent.id } };
    if (intent.status === 'requires_action')
      return { ok: false, failedCode: FailedCode.PaymentFailed, waitingForHolder: intent.id };
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled')
      return {
        ok: false,
        failedCode: failureOf(intent.last_payment_error?.code, intent.last_payment_error?.decline_code),
      };
    return outcomeUnknown;
  }

  const gateway: PaymentGateway = {
    async charge({ token, amountMinor, currency, idempotencyKey, metadata }) {
      const [customer, paymentMethod] = token.split('/');
      if (!customer || !paymentMethod) return { ok: false, failedCode: FailedCode.PaymentFailed };
      const intent = await attempt('charge', () =>
        stripe().paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            metadata: { ...metadata, charge_key: `${deploymentId}:${idempotencyKey}` },
          },
          keyed(idempotencyKey),
        ),
      );
      if (!isUnknown(intent)) return intent.ok ? outcomeOf(intent.value) : intent;
      // The answer was lost: the processor says whether the charge was made, rather than a guess.
      const found = await attempt('look up charge', () =>
        stripe().paymentIntents.search({ query: `metadata['charge_key']:'${deploymentId}:${idempotencyKey}'` }),
      );
      const [made] = found.ok ? found.value.data : [];
      return made ? outcomeOf(made) : outcomeUnknown;
    },

    async forgetCard(token) {
      // Deleting the customer detaches its payment methods; a failure is logged by attempt.
      const [customer] = token.split('/');
      if (customer) await attempt('forget card', () => stripe().customers.del(customer));
    },

    async startIntent({ kind, amountMinor, currency, metadata, idempotencyKey }) {
      const customer = await attempt('new customer', () =>
        stripe().customers.create({ metadata }, keyed(`${idempotencyKey}:customer`)),
      );
      if (!customer.ok) return customer;
      const options = keyed(`${idempotencyKey}:intent`);
      const intent =
        kind === 'setup'
          ? await attempt('new intent', () =>
              stripe().setupIntents.create({ customer: customer.value.id, usage: 'off_session', metadata }, options),
            )
          : await attempt('new intent', () =>
              stripe().paymentIntents.create(
                {
                  customer: customer.value.id,
                  amount: amountMinor,
                  currency: currency.toLowerCase(),
                  setup_future_usage: 'off_session',
                  metadata,
                },
                options,
              ),
            );
      if (!intent.ok) return intent;
      return { ok: true, value: { intentId: intent.value.id, clientSecret: intent.value.client_secret ?? '', kind } };
    },

    async cancelIntent(intentId) {
      const cancelled = await attempt('cancel intent', () =>
        stripe()
          .paymentIntents.cancel(intentId)
          .then(
            () => 'cancelled' as const,
            (error: unknown) => {
              // No such intent (another processor's, say): it charges nothing.
              if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing')
                return 'cancelled' as const;
              throw error;
            },
          ),
      );
      if (isUnknown(cancelled)) return outcomeUnknown;
      if (cancelled.ok) return cancelled.value;
      // Refused as not waiting any more: whether it charged, the intent says.
      const intent = await gateway.findIntent(intentId);
      if (intent?.status === 'succeeded') return 'succeeded';
      return intent?.status === 'failed' ? 'cancelled' : outcomeUnknown;
    },

    async findIntent(intentId) {
      const setup = intentId.startsWith('seti_');
      const found = setup
        ? await attempt('find intent', () => stripe().setupIntents.retrieve(intentId))
        : await attempt('find intent', () => stripe().paymentIntents.retrieve(intentId));
      if (!found.ok) return undefined;
      const intent: Stripe.SetupIntent | Stripe.PaymentIntent = found.value;
      const error = intent.object === 'setup_intent' ? intent.last_setup_error : intent.last_payment_error;
      const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      const method =
        intent.status === 'succeeded' && methodId
          ? await attempt('find card', () => stripe().paymentMethods.retrieve(methodId))
          : undefined;
      const details = method?.ok ? method.value.card : undefined;
      const cardType = details ? cardTypeOfBrand[details.brand] : undefined;
      return {
        id: intent.id,
        kind: setup ? 'setup' : 'payment',
        status:
          intent.status === 'succeeded'
            ? 'succeeded'
            : intent.status === 'requires_payment_method' || intent.status === 'canceled'
              ? 'failed'
              : 'waiting',
        failedCode: failureOf(error?.code, error?.decline_code),
        metadata: intent.metadata ?? {},
        clientSecret: intent.client_secret,
        card:
          details && cardType && customer && methodId
            ? {
                token: tokenOf(customer, methodId),
                cardType,
                last4: details.last4,
                expiry: `${String(details.exp_month).padStart(2, '0')}${String(details.exp_year % 100).padStart(2, '0')}`,
              }
            : undefined,
      };
    },

    verifyEvent(payload, signature) {
      return stripe().webhooks.constructEvent(payload, signature, webhookSecret);
    },
  };
  return gateway;
}

/** The official client, pointed at Stripe or at another server speaking its API (the sandbox). */
function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    apiVersion: stripeApiVersion,
    host: url.hostname,
    ...(url.port && { port: url.port }),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    // A call that has not answered by then has an unknown outcome (and a retry reuses its key).
    timeout: 30_000,
    maxNetworkRetries: 0,
  });
}
