import type { Endpoint, ErrorReply, ReplyOf, RequestOf } from '@clinic/contract';

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What the fake answers a call with: a reply of the endpoint's contract, or an HTTP failure. */
type Answer<E extends Endpoint> = ((request: RequestOf<E>) => ReplyOf<E>) | { status: number };

/**
 * The server as a screen test needs it: each contract endpoint answers with replies its contract
 * types (and the HTTP client checks them against its reply schema, as in development). A call the
 * test gave no answer for gets a 501 and is listed in `missing`.
 */
export class FakeApi {
  private readonly answers = new Map<string, { endpoint: Endpoint; answer: Answer<Endpoint> }>();
  private readonly calls: { path: string; body: unknown }[] = [];
  private readonly unanswered: string[] = [];

  /** Answers every later call of the endpoint, replacing an earlier answer. */
  on<E extends Endpoint>(endpoint: E, answer: NoInfer<Answer<E>>): this {
    this.answers.set(endpoint.path, { endpoint, answer: answer as Answer<Endpoint> });
    return this;
  }

  /** The request bodies the endpoint was called with, oldest first. */
  callsOf<E extends Endpoint>(endpoint: E): RequestOf<E>[] {
    return this.calls.filter((call) => call.path === endpoint.path).map((call) => call.body as RequestOf<E>);
  }

  /** The calls (method and path) no answer was given for. */
  get missing(): readonly string[] {
    return this.unanswered;
  }

  /** Serves the page's fetch: a POST, PUT, ... of JSON under /api. */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname.replace(
      /^\/api/,
      '',
    );
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    this.calls.push({ path, body });
    const found = this.answers.get(path);
    if (!found || found.endpoint.method !== init?.method) {
      this.unanswered.push(`${init?.method} ${path}`);
      return Promise.resolve(json({ message: 'not answered' }, 501));
    }
    const { answer } = found;
    if (typeof answer !== 'function') {
      const failure: ErrorReply = { isSuccess: false, failedCode: 'server', message: 'The server failed.' };
      return Promise.resolve(json(failure, answer.status));
    }
    return Promise.resolve(json(answer(body), 200));
  };
}
