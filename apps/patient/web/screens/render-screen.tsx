import type { Endpoint, ReplyOf, RequestOf } from '@clinic/contract';
import { configure, render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/queries.ts';
import { changeLanguage, i18n, i18nReady } from '../i18n/i18n.ts';

// A screen's first draw loads its strings, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
export const screenTestTimeout = 30_000;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What the fake answers a call with: a reply of the endpoint's contract, or an HTTP failure. */
type Answer<E extends Endpoint> = ((request: RequestOf<E>) => ReplyOf<E>) | { status: number; failedCode?: string };

/**
 * The server as a screen test needs it: each endpoint answers with replies its contract types (the
 * HTTP client checks them), and it can be out of reach as a phone without a connection is.
 */
export class FakeServer {
  private readonly answers = new Map<string, Answer<Endpoint>>();
  private readonly calls: { path: string; body: unknown }[] = [];
  /** No request reaches the server: each fails as fetch fails without a network. */
  offline = false;

  on<E extends Endpoint>(endpoint: E, answer: NoInfer<Answer<E>>): this {
    this.answers.set(endpoint.path, answer as Answer<Endpoint>);
    return this;
  }

  /** The request bodies that reached the server for the endpoint, oldest first. */
  callsOf<E extends Endpoint>(endpoint: E): RequestOf<E>[] {
    return this.calls.filter((call) => call.path === endpoint.path).map((call) => call.body as RequestOf<E>);
  }

  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.offline) return Promise.reject(new TypeError('Failed to fetch'));
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname.replace(
      /^\/api/,
      '',
    );
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    this.calls.push({ path, body });
    const answer = this.answers.get(path);
    if (!answer) return Promise.resolve(json({ isSuccess: false, failedCode: 'CM0500', message: 'not answered' }, 501));
    if (typeof answer !== 'function') {
      const failedCode = answer.failedCode ?? 'CM0500';
      return Promise.resolve(json({ isSuccess: false, failedCode, message: 'refused' }, answer.status));
    }
    return Promise.resolve(json(answer(body), 200));
  };
}

/** Draws a screen in English with the app's providers, its calls served by the fake. */
export async function renderScreen(screen: ReactElement, server: FakeServer): Promise<RenderResult> {
  // happy-dom has no font loading; Mantine's growing text areas listen to it.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
  globalThis.fetch = server.fetch;
  queryClient.clear();
  await i18nReady;
  await changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>{screen}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
