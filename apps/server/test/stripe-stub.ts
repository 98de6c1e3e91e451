import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** Stripe's documented test card numbers, by what they do. */
export const stripeTestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  /** Attaching it to a customer succeeds; charging it is declined. */
  attachesThenDeclines: '4000000000000341',
} as const;

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export interface StripeStub {
  url: string;
  /** Every request, in order. */
  requests: StripeRequest[];
  /** The Customers deleted (their payment methods detached with them). */
  deletedCustomers: string[];
  /** The PaymentIntents made, one per charge (a replayed key makes none). */
  intents: { id: string; amount: number; currency: string; customer: string; status: string }[];
  /** Answers the next `count` requests with a 500, as Stripe in trouble (and replays it for their keys, as Stripe does). */
  failNext(count: number): void;
  /**
   * Does the next request that `matches` but answers it with a 500 once, as a proxy failing after
   * Stripe did the work; the same key again gets the first result.
   */
  loseNextAnswer(matches: (request: StripeRequest) => boolean): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

const cardError = (code: string, declineCode?: string): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', code, ...(declineCode && { decline_code: declineCode }) } },
});

/** What Stripe answers when a card with this number is attached or charged. */
function refusalOf(number: string, charging: boolean): Answer | undefined {
  switch (number) {
    case stripeTestCards.declined:
      return cardError('card_declined', 'generic_decline');
    case stripeTestCards.expired:
      return cardError('expired_card');
    case stripeTestCards.processingError:
      return cardError('processing_error');
    case stripeTestCards.attachesThenDeclines:
      return charging ? cardError('card_declined', 'generic_decline') : undefined;
    default:
      return undefined;
  }
}

const id = (prefix: string): string => `${prefix}_${randomBytes(8).toString('hex')}`;

/**
 * A local HTTP server speaking the part of Stripe's API the Stripe gateway uses, with Stripe's
 * test cards: PaymentMethods, Customers that own them, and PaymentIntents confirmed off-session,
 * replayed for a repeated Idempotency-Key as Stripe does. No request leaves the machine.
 */
export async function startStripeStub(secretKey: string): Promise<StripeStub> {
  const requests: StripeRequest[] = [];
  const intents: StripeStub['intents'] = [];
  const deletedCustomers: string[] = [];
  const methods = new Map<string, { number: string; customer?: string }>();
  const replays = new Map<string, { form: string; answer: Answer }>();
  let failures = 0;
  let loseAnswer: ((request: StripeRequest) => boolean) | undefined;

  function answer(request: StripeRequest): Answer {
    if (request.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: { error: { type: 'invalid_request_error', code: 'api_key_invalid' } } };
    if (failures > 0) {
      failures--;
      return { status: 500, body: { error: { type: 'api_error' } } };
    }
    const { form } = request;
    const deleted = /^\/v1\/customers\/(\w+)$/.exec(request.path)?.[1];
    if (request.method === 'DELETE' && deleted) {
      const owned = [...methods.values()].filter((method) => method.customer === deleted);
      if (owned.length === 0)
        return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      for (const method of owned) delete method.customer;
      deletedCustomers.push(deleted);
      return { status: 200, body: { id: deleted, object: 'customer', deleted: true } };
    }
    if (request.path === '/v1/payment_methods') {
      if (form.type !== 'card' || !/^\d{12,19}$/.test(form['card[number]'] ?? '') || !form['card[cvc]'])
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_missing' } } };
      const method = id('pm');
      methods.set(method, { number: form['card[number]']! });
      return { status: 200, body: { id: method, object: 'payment_method' } };
    }
    if (request.path === '/v1/customers') {
      const method = methods.get(form.payment_method ?? '');
      if (!method) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      const refusal = refusalOf(method.number, false);
      if (refusal) return refusal;
      const customer = id('cus');
      method.customer = customer;
      return { status: 200, body: { id: customer, object: 'customer' } };
    }
    if (request.path === '/v1/payment_intents') {
      const method = methods.get(form.payment_method ?? '');
      if (!method || method.customer !== form.customer || form.confirm !== 'true' || form.off_session !== 'true')
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      const refusal = refusalOf(method.number, true);
      const intent = {
        id: id('pi'),
        amount: Number(form.amount),
        currency: form.currency ?? '',
        customer: form.customer ?? '',
        status: refusal ? 'requires_payment_method' : 'succeeded',
      };
      intents.push(intent);
      return refusal ?? { status: 200, body: { ...intent, object: 'payment_intent' } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of incoming) raw += String(chunk);
    const header = (name: string): string | undefined => {
      const value = incoming.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const request: StripeRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      authorization: header('authorization'),
      contentType: header('content-type'),
      idempotencyKey: header('idempotency-key'),
      form: Object.fromEntries(new URLSearchParams(raw)),
    };
    requests.push(request);
    const key = request.idempotencyKey && `${request.authorization ?? ''} ${request.idempotencyKey}`;
    const replayed = key ? replays.get(key) : undefined;
    const form = `${request.path} ${raw}`;
    // A key used again with other parameters is refused, as Stripe does.
    const mismatch: Answer = { status: 400, body: { error: { type: 'idempotency_error' } } };
    let result = replayed ? (replayed.form === form ? replayed.answer : mismatch) : answer(request);
    // Stripe keeps the first result for a key, whatever it was, a 500 included.
    if (key && !replayed) replays.set(key, { form, answer: result });
    if (loseAnswer?.(request)) {
      loseAnswer = undefined;
      result = { status: 500, body: { error: { type: 'api_error' } } };
    }
    outgoing.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(replayed && { 'idempotent-replayed': 'true' }),
    });
    outgoing.end(JSON.stringify(result.body));
  }

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    deletedCustomers,
    failNext(count) {
      failures = count;
    },
    loseNextAnswer(matches) {
      loseAnswer = matches;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
