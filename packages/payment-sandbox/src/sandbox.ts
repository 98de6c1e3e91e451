import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  behaviourOf,
  brandOf,
  passesLuhn,
  refusalAfterAuthentication,
  refusalAtConfirm,
  refusals,
  type Behaviour,
  type Refusal,
} from './cards.ts';
import { parseForm, strings, text, type Form } from './form.ts';
import { controllerPage, fieldPage, isFieldType, stripeJs } from './stripe-js.ts';
import type { Kind, SandboxStore, StoredObject } from './store.ts';
import { webhookQueue, type WebhookSender } from './webhooks.ts';

export interface SandboxOptions {
  /** The key our server uses (Bearer), as Stripe's `sk_test_…`. */
  secretKey: string;
  /** The key the browser uses with an intent's client secret, as Stripe's `pk_test_…`. */
  publishableKey: string;
  store: SandboxStore;
  /** Where events go, and the endpoint's signing secret (`whsec_…`). */
  webhook?: { send: WebhookSender; secret: string };
  /** Waits between deliveries of an event the endpoint did not take; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

type Intent = StoredObject & {
  id: string;
  object: 'setup_intent' | 'payment_intent';
  status: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
};

type PaymentMethod = StoredObject & {
  id: string;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** The sandbox's own note of what the test number does; never shown. */
  sandbox_behaviour: Behaviour;
  /** Whether the holder confirmed it for later off-session charges. */
  sandbox_authenticated: boolean;
};

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; message: string; [key: string]: unknown },
  ) {
    super(body.message);
  }
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (): number => Math.floor(Date.now() / 1000);
const missing = (what: string, value: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${value}'`,
  });
const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, ...(param && { param }) });

/** The public part of a payment method (the sandbox's notes left out). */
function shown(method: PaymentMethod): StoredObject {
  const { sandbox_behaviour: _behaviour, sandbox_authenticated: _authenticated, ...rest } = method;
  return rest;
}

/**
 * A card processor that speaks the part of Stripe's REST API the clinic uses: Customers,
 * SetupIntents, PaymentIntents (confirmed by the browser with the publishable key and the intent's
 * client secret, or off-session by our server with a saved payment method), PaymentMethods, search
 * of PaymentIntents by metadata, idempotency keys, Stripe's card errors and signed webhooks. Its
 * test cards behave like Stripe's (`sandboxTestCards`); a card that asks its holder sends the
 * browser to a challenge page of this origin with Complete and Fail buttons.
 */
export function paymentSandbox(options: SandboxOptions): FastifyInstance & { eventsSettled(): Promise<void> } {
  const { store } = options;
  const app = Fastify({ logger: false });
  const events = options.webhook
    ? webhookQueue(options.webhook.send, options.webhook.secret, options.retryDelaysMs ?? [1000, 5000, 30_000, 60_000])
    : undefined;
  app.addHook('onClose', async () => events?.stop());
  // One request at a time: a key repeated at the same moment finds the first request's answer.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  function emit(type: string, object: StoredObject): void {
    events?.push(
      JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: unix(),
        livemode: false,
        type,
        data: { object },
      }),
    );
  }

  async function load<T extends StoredObject>(kind: Kind, what: string, value: string | undefined): Promise<T> {
    const found = value ? await store.get(kind, value) : undefined;
    if (!found) throw missing(what, value ?? '');
    return found as T;
  }

  /** The caller: our server (secret key) or a browser holding an intent's client secret (publishable key). */
  function keyOf(request: FastifyRequest): 'secret' | 'publishable' {
    const authorization = request.headers.authorization ?? '';
    const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (key === options.secretKey) return 'secret';
    if (key === options.publishableKey) return 'publishable';
    throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
  }

  function needSecret(request: FastifyRequest): void {
    if (keyOf(request) !== 'secret') throw invalid('This API call cannot be made with a publishable API key.');
  }

  /** An intent a browser may act on: it showed the intent's client secret. */
  async function intentFor(request: FastifyRequest, kind: 'setup_intent' | 'payment_intent', form: Form) {
    const intent = await load<Intent>(kind, kind, (request.params as { id: string }).id);
    if (keyOf(request) === 'publishable' && text(form, 'client_secret') !== intent.client_secret)
      throw invalid('The client_secret provided does not match the client_secret associated with this intent.');
    return intent;
  }

  /** Answers a POST, replaying the first answer to a repeated Idempotency-Key as Stripe does. */
  function post(url: string, handle: (request: FastifyRequest, form: Form) => Promise<StoredObject>) {
    app.post(url, (request, reply) =>
      inTurn(async () => {
        const key = request.headers['idempotency-key'];
        const replayKey = typeof key === 'string' ? `${request.headers.authorization}:${key}` : undefined;
        if (replayKey) {
          const first = await store.get('idempotency', replayKey);
          if (first) {
            if (first.url !== request.url)
              return answer(reply, invalid('Keys for idempotent requests can only be used with the same endpoint.'));
            return reply
              .status(first.status as number)
              .header('idempotent-replayed', 'true')
              .send(first.body);
          }
        }
        let status = 200;
        let body: unknown;
        let lost = false;
        try {
          body = await handle(request, parseForm(typeof request.body === 'string' ? request.body : ''));
        } catch (error) {
          if (error instanceof AnswerLost) {
            lost = true;
            body = error.intent;
          } else if (error instanceof StripeError) {
            status = error.status;
            body = { error: error.body };
          } else throw error;
        }
        if (replayKey) await store.put('idempotency', replayKey, { url: request.url, status, body });
        // Done and kept for the key, but this answer is lost, as after a proxy failure.
        if (lost)
          return reply.status(500).send({ error: { type: 'api_error', message: 'An unknown error occurred.' } });
        return reply.status(status).header('request-id', id('req')).send(body);
      }),
    );
  }

  function get(url: string, handle: (request: FastifyRequest, form: Form) => Promise<StoredObject>) {
    app.get(url, async (request, reply) => {
      try {
        return reply.send(await handle(request, parseForm(request.url.split('?')[1] ?? '')));
      } catch (error) {
        return answer(reply, error);
      }
    });
  }

  function answer(reply: FastifyReply, error: unknown) {
    if (error instanceof StripeError) return reply.status(error.status).send({ error: error.body });
    throw error;
  }

  /** A card typed in the browser, saved as a payment method (the number itself is not kept). */
  async function methodFromCard(data: Form | string | undefined): Promise<PaymentMethod> {
    const form = typeof data === 'object' ? data : {};
    const number = (text(form, 'card', 'number') ?? '').replace(/\D/g, '');
    if (!passesLuhn(number))
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    const method: PaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: unix(),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: {
        address: {
          postal_code: text(form, 'billing_details', 'address', 'postal_code') ?? null,
          line1: text(form, 'billing_details', 'address', 'line1') ?? null,
        },
      },
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: Number(text(form, 'card', 'exp_month')),
        exp_year: Number(text(form, 'card', 'exp_year')),
      },
      sandbox_behaviour: behaviourOf(number),
      sandbox_authenticated: false,
    };
    await store.put('payment_method', method.id, method);
    return method;
  }

  async function attach(method: PaymentMethod, customer: string | null): Promise<void> {
    if (!customer || method.customer === customer) return;
    await store.put('payment_method', method.id, { ...method, customer });
  }

  const challengeOf = (request: FastifyRequest, intent: Intent) => ({
    type: 'redirect_to_url',
    redirect_to_url: {
      url: `${request.protocol}://${request.host}/challenge/${intent.id}`,
      return_url: null,
    },
  });

  /** Saves an intent and tells the webhook endpoint what became of it. */
  async function settle(intent: Intent, event: string | undefined): Promise<Intent> {
    await store.put(intent.object, intent.id, intent);
    if (event) emit(event, intent);
    return intent;
  }

  /** A refusal: the intent wants another payment method, the error names it, as Stripe's does. */
  async function refuse(intent: Intent, refusal: Refusal) {
    const setup = intent.object === 'setup_intent';
    const error = {
      type: 'card_error',
      ...refusal,
      payment_method: intent.payment_method ? { id: intent.payment_method } : null,
    };
    const refused = await settle(
      {
        ...intent,
        status: 'requires_payment_method',
        next_action: null,
        [setup ? 'last_setup_error' : 'last_payment_error']: error,
      },
      setup ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed',
    );
    return new StripeError(402, { ...error, [intent.object]: refused });
  }

  /** Completes an intent whose card needs nothing more from its holder. */
  async function complete(intent: Intent, method: PaymentMethod): Promise<Intent> {
    const afterChallenge = refusalAfterAuthentication(method.sandbox_behaviour);
    if (afterChallenge) throw await refuse(intent, afterChallenge);
    if (intent.object === 'setup_intent') {
      await store.put('payment_method', method.id, {
        ...method,
        customer: intent.customer,
        sandbox_authenticated: true,
      });
      return settle(
        { ...intent, status: 'succeeded', next_action: null, last_setup_error: null },
        'setup_intent.succeeded',
      );
    }
    if (method.sandbox_behaviour === 'charge-declined') throw await refuse(intent, refusals.decline);
    if (intent.setup_future_usage)
      await store.put('payment_method', method.id, { ...method, sandbox_authenticated: true });
    const succeeded = await settle(
      { ...intent, status: 'succeeded', next_action: null, last_payment_error: null, latest_charge: id('ch') },
      'payment_intent.succeeded',
    );
    if (method.sandbox_behaviour === 'answer-lost') throw new AnswerLost(succeeded);
    return succeeded;
  }

  /**
   * Confirms an intent with its payment method: refused, completed, or (a card that asks its holder,
   * on-session) waiting for the holder at the challenge page. Off-session, a card that always asks
   * fails with authentication_required and waits for its holder to come back.
   */
  async function confirm(request: FastifyRequest, intent: Intent, method: PaymentMethod, offSession: boolean) {
    const bound: Intent = { ...intent, payment_method: method.id };
    await attach(method, intent.customer);
    const refusal = refusalAtConfirm(method.sandbox_behaviour);
    if (refusal) throw await refuse(bound, refusal);
    const asks =
      method.sandbox_behaviour === 'authenticate-always' ||
      refusalAfterAuthentication(method.sandbox_behaviour) !== undefined ||
      (method.sandbox_behaviour === 'authenticate-once' && !(offSession && method.sandbox_authenticated));
    if (!asks) return complete(bound, method);
    const waiting = await settle(
      { ...bound, status: 'requires_action', next_action: challengeOf(request, bound) },
      intent.object === 'payment_intent' ? 'payment_intent.requires_action' : undefined,
    );
    if (!offSession) return waiting;
    throw new StripeError(402, {
      type: 'card_error',
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
      payment_method: { id: method.id },
      payment_intent: waiting,
    });
  }

  /** The payment method a confirm names: a saved one (the customer's), or a card typed in the browser. */
  async function methodFor(form: Form, intent: Intent): Promise<PaymentMethod> {
    const named =
      text(form, 'payment_method') ?? (text(form, 'payment_method_data', 'type') ? undefined : intent.payment_method);
    if (named) {
      const method = await load<PaymentMethod>('payment_method', 'PaymentMethod', named);
      if (method.customer && method.customer !== intent.customer)
        throw invalid('The provided PaymentMethod belongs to another customer.', 'payment_method');
      return method;
    }
    if (!text(form, 'payment_method_data', 'type')) throw invalid('A payment method is required.', 'payment_method');
    return methodFromCard(form.payment_method_data);
  }

  // Customers
  post('/v1/customers', async (request, form) => {
    needSecret(request);
    const customer = {
      id: id('cus'),
      object: 'customer',
      created: unix(),
      livemode: false,
      email: text(form, 'email') ?? null,
      metadata: strings(form, 'metadata'),
    };
    await store.put('customer', customer.id, customer);
    return customer;
  });
  get('/v1/customers/:id', async (request) => {
    needSecret(request);
    return load('customer', 'customer', (request.params as { id: string }).id);
  });
  app.delete('/v1/customers/:id', async (request, reply) =>
    inTurn(async () => {
      try {
        needSecret(request);
        const customer = await load('customer', 'customer', (request.params as { id: string }).id);
        for (const method of await store.find('payment_method', ['customer'], customer.id as string))
          await store.put('payment_method', method.id as string, { ...method, customer: null });
        await store.put('customer', customer.id as string, { ...customer, deleted: true });
        return reply.send({ id: customer.id, object: 'customer', deleted: true });
      } catch (error) {
        return answer(reply, error);
      }
    }),
  );

  // PaymentMethods
  get('/v1/payment_methods/:id', async (request) => {
    needSecret(request);
    return shown(await load<PaymentMethod>('payment_method', 'PaymentMethod', (request.params as { id: string }).id));
  });
  post('/v1/payment_methods/:id/detach', async (request) => {
    needSecret(request);
    const method = await load<PaymentMethod>('payment_method', 'PaymentMethod', (request.params as { id: string }).id);
    const detached = { ...method, customer: null };
    await store.put('payment_method', method.id, detached);
    return shown(detached);
  });

  // SetupIntents and PaymentIntents
  for (const kind of ['setup_intent', 'payment_intent'] as const) {
    const path = `/v1/${kind}s`;
    post(path, async (request, form) => {
      needSecret(request);
      const customer = text(form, 'customer') ?? null;
      if (customer) await load('customer', 'customer', customer);
      const intentId = id(kind === 'setup_intent' ? 'seti' : 'pi');
      const amount = Number(text(form, 'amount'));
      if (kind === 'payment_intent' && !(Number.isInteger(amount) && amount > 0))
        throw invalid('Invalid positive integer', 'amount');
      const intent: Intent = {
        id: intentId,
        object: kind,
        created: unix(),
        livemode: false,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        customer,
        payment_method: null,
        status: 'requires_payment_method',
        next_action: null,
        metadata: strings(form, 'metadata'),
        ...(kind === 'setup_intent'
          ? { usage: text(form, 'usage') ?? 'off_session', last_setup_error: null }
          : {
              amount,
              currency: (text(form, 'currency') ?? '').toLowerCase(),
              setup_future_usage: text(form, 'setup_future_usage') ?? null,
              last_payment_error: null,
              latest_charge: null,
            }),
      };
      await store.put(kind, intent.id, intent);
      if (text(form, 'confirm') !== 'true') return intent;
      const method = await methodFor(form, intent);
      return confirm(request, intent, method, text(form, 'off_session') === 'true');
    });
    get(`${path}/:id`, async (request, form) => intentFor(request, kind, form));
    post(`${path}/:id/confirm`, async (request, form) => {
      const intent = await intentFor(request, kind, form);
      if (intent.status === 'succeeded')
        throw new StripeError(400, {
          type: 'invalid_request_error',
          code: `${kind}_unexpected_state`,
          message: `This ${kind === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} has already succeeded.`,
          [kind]: intent,
        });
      if (intent.status === 'canceled')
        throw new StripeError(400, {
          type: 'invalid_request_error',
          code: `${kind}_unexpected_state`,
          message: `This ${kind === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} was canceled.`,
          [kind]: intent,
        });
      const method = await methodFor(form, intent);
      return confirm(request, intent, method, text(form, 'off_session') === 'true');
    });
  }
  // A PaymentIntent no longer wanted cannot be confirmed any more; one that succeeded is not cancelled.
  post('/v1/payment_intents/:id/cancel', async (request) => {
    needSecret(request);
    const intent = await load<Intent>('payment_intent', 'payment_intent', (request.params as { id: string }).id);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intent,
      });
    return settle({ ...intent, status: 'canceled', next_action: null }, 'payment_intent.canceled');
  });
  get('/v1/payment_intents/search', async (request, form) => {
    needSecret(request);
    const query = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(text(form, 'query') ?? '');
    if (!query) throw invalid("The sandbox searches by one metadata field: metadata['key']:'value'.", 'query');
    const data = await store.find('payment_intent', ['metadata', query[1]!], query[2]!);
    return { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data };
  });

  // The holder's challenge (3-D Secure in Stripe's test mode): complete or fail.
  app.get('/challenge/:id', async (request, reply) => {
    const intentId = (request.params as { id: string }).id;
    return reply.type('text/html; charset=utf-8').send(challengePage(intentId));
  });
  app.post('/challenge/:id/:choice', (request, reply) =>
    inTurn(async () => {
      const { id: intentId, choice } = request.params as { id: string; choice: string };
      const kind: 'setup_intent' | 'payment_intent' = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
      try {
        const intent = await load<Intent>(kind, kind, intentId);
        if (intent.status !== 'requires_action') throw invalid('This intent does not wait for its holder.');
        const method = await load<PaymentMethod>('payment_method', 'PaymentMethod', intent.payment_method ?? '');
        if (choice !== 'complete') {
          await refuse(intent, {
            code: `${kind}_authentication_failure`,
            message: 'The provided payment method has failed authentication.',
          });
          return reply.send({ status: 'requires_payment_method' });
        }
        const authenticated = { ...method, sandbox_authenticated: true };
        await store.put('payment_method', method.id, authenticated);
        return reply.send({ status: (await complete(intent, authenticated)).status });
      } catch (error) {
        if (error instanceof AnswerLost) return reply.send({ status: 'succeeded' });
        if (error instanceof StripeError && error.status === 402)
          return reply.send({ status: 'requires_payment_method' });
        return answer(reply, error);
      }
    }),
  );

  // What browsers load from this origin: the Stripe.js-compatible script, its fields and its controller.
  app.get('/v3/sandbox.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(stripeJs));
  app.get('/elements/:name', (request, reply) => {
    const { name } = request.params as { name: string };
    if (name !== 'controller' && !isFieldType(name)) return answer(reply, missing('element', name));
    return reply.type('text/html; charset=utf-8').send(name === 'controller' ? controllerPage : fieldPage(name));
  });

  app.setNotFoundHandler((request, reply) =>
    answer(reply, invalid(`Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`)),
  );

  return Object.assign(app, { eventsSettled: async () => events?.settled() });
}

/** A charge made whose answer the sandbox loses on purpose (test card …0259). */
class AnswerLost extends Error {
  constructor(readonly intent: Intent) {
    super('answer lost');
  }
}

/** The holder's challenge page: Complete or Fail, told to the page that opened it. */
function challengePage(intentId: string): string {
  const safeId = intentId.replace(/[^\w]/g, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test authentication</title>
<style>body{font:16px system-ui,sans-serif;margin:24px;color:#1a1a1a}button{font:inherit;padding:8px 20px;margin-right:12px}</style></head>
<body><main aria-label="Test payment authentication"><h1>Test payment authentication</h1><p>This is the payment sandbox's test challenge. Complete or fail the authentication.</p>
<button type="button" data-choice="complete">Complete</button><button type="button" data-choice="fail">Fail</button></main>
<script>
for (const button of document.querySelectorAll('button')) button.addEventListener('click', async () => {
  const response = await fetch('/challenge/${safeId}/' + button.dataset.choice, { method: 'POST' });
  const { status } = await response.json();
  window.parent.postMessage({ sandboxChallenge: '${safeId}', status }, '*');
});
</script></body></html>`;
}
