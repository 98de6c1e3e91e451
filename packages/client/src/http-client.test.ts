import { getManagerInfo, login, logout, uploadSingle } from '@clinic/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttpClient, type FetchLike, type HttpClientOptions, type StoredTokens } from './http-client.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean | undefined;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const profile = {
  seqManager: 1,
  userId: 'drkim',
  userEmail: 'kim@example.com',
  managerName: 'Kim Lee',
  firstName: 'Kim',
  lastName: 'Lee',
  title: 'MD',
  npiNumber: '1234567893',
  managerImageUrl: null,
  managerESignatureImageUrl: null,
  managerSpecialty: null,
  managerBackground: null,
  managerLanguageList: [],
  managerProfessionalEducation: null,
  managerYearsOfExperience: null,
  managerClinicName: null,
  managerClinicAddress: null,
};
const expired = { isSuccess: false, failedCode: 'AU0002', message: 'expired' };

function setup(handler: (call: Call, calls: Call[]) => Promise<Response> | Response, initial: StoredTokens) {
  const store: StoredTokens = { ...initial };
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      keepalive: init.keepalive,
    };
    calls.push(call);
    return handler(call, calls);
  };
  const onError = vi.fn<NonNullable<HttpClientOptions['onError']>>();
  const onSessionExpired = vi.fn<NonNullable<HttpClientOptions['onSessionExpired']>>();
  const client = createHttpClient({
    fetch,
    tokens: {
      read: () => ({ ...store }),
      save: (tokens) => {
        if (tokens.accessToken) store.accessToken = tokens.accessToken;
        if (tokens.refreshToken) store.refreshToken = tokens.refreshToken;
      },
    },
    language: () => 'ko',
    timeZone: () => 'Asia/Seoul',
    onError,
    onSessionExpired,
    timeoutMs: 1000,
  });
  return { client, calls, store, onError, onSessionExpired };
}

describe('callApi', () => {
  it('sends JSON with the session, language and time-zone headers', async () => {
    const { client, calls } = setup(() => json(200, { isSuccess: true, manager: profile }), {
      accessToken: 'a1',
      refreshToken: 'r1',
    });
    const reply = await client.callApi(getManagerInfo, {});
    expect(reply.manager.managerName).toBe('Kim Lee');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/manager/getManagerInfo',
      method: 'POST',
      body: {},
      headers: {
        authorization: 'Bearer a1',
        'x-refresh-token': 'r1',
        'accept-language': 'ko',
        'x-time-zone': 'Asia/Seoul',
        'content-type': 'application/json',
      },
    });
  });

  it('asks the browser to keep a request going as the page closes only when told', async () => {
    const { client, calls } = setup(() => json(200, { isSuccess: true, manager: profile }), {
      accessToken: 'a1',
      refreshToken: 'r1',
    });
    await client.callApi(getManagerInfo, {});
    await client.callApi(getManagerInfo, {}, { keepalive: true });
    expect(calls.map((call) => call.keepalive)).toEqual([false, true]);
  });

  it('leaves out the token headers when there are none', async () => {
    const { client, calls } = setup(() => json(200, { isSuccess: false, failedCode: 'US0003', message: 'no' }), {
      accessToken: null,
      refreshToken: null,
    });
    await client.callApi(login, { userEmail: 'Kim@Example.com ', userPassword: 'x', userType: 'manager' });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers['x-refresh-token']).toBeUndefined();
    expect(calls[0]?.body).toEqual({ userEmail: 'kim@example.com', userPassword: 'x', userType: 'manager' });
  });

  it('stores tokens that arrive in reply headers', async () => {
    const { client, store } = setup(
      () => json(200, { isSuccess: true, manager: profile }, { 'x-access-token': 'a2', 'x-refresh-token': 'r2' }),
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await client.callApi(getManagerInfo, {});
    expect(store).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('returns business failures to the caller without a banner', async () => {
    const { client, onError } = setup(() => json(200, { isSuccess: false, failedCode: 'US0001', message: 'verify' }), {
      accessToken: null,
      refreshToken: null,
    });
    const reply = await client.callApi(login, { userEmail: 'kim', userPassword: 'pw', userType: 'manager' });
    expect(reply).toEqual({ isSuccess: false, failedCode: 'US0001', message: 'verify' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('refreshes an expired access token once and retries the call', async () => {
    const { client, calls, store, onSessionExpired } = setup(
      (call) => {
        if (call.url === '/api/user/refreshToken') {
          return json(
            200,
            { isSuccess: true, token: { accessToken: 'a2', refreshToken: 'r2' } },
            { 'x-access-token': 'a2', 'x-refresh-token': 'r2' },
          );
        }
        return call.headers.authorization === 'Bearer a2'
          ? json(200, { isSuccess: true, manager: profile })
          : json(401, expired);
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    const reply = await client.callApi(getManagerInfo, {});
    expect(reply.isSuccess).toBe(true);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/manager/getManagerInfo',
      '/api/user/refreshToken',
      '/api/manager/getManagerInfo',
    ]);
    expect(calls[1]).toMatchObject({ method: 'POST', body: {}, headers: { 'x-refresh-token': 'r1' } });
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(store).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('takes the new tokens from the reply body when the headers lack them', async () => {
    const { client, store } = setup(
      (call) => {
        if (call.url === '/api/user/refreshToken') {
          return json(200, { isSuccess: true, token: { accessToken: 'a9', refreshToken: 'r9' } });
        }
        return call.headers.authorization === 'Bearer a9'
          ? json(200, { isSuccess: true, manager: profile })
          : json(401, expired);
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await client.callApi(getManagerInfo, {});
    expect(store).toEqual({ accessToken: 'a9', refreshToken: 'r9' });
  });

  it('makes a single refresh for concurrent calls', async () => {
    const { client, calls } = setup(
      async (call) => {
        if (call.url === '/api/user/refreshToken') {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return json(200, { isSuccess: true, token: { accessToken: 'a2', refreshToken: 'r2' } });
        }
        return call.headers.authorization === 'Bearer a2'
          ? json(200, { isSuccess: true, manager: profile })
          : json(401, expired);
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    const replies = await Promise.all([1, 2, 3].map(() => client.callApi(getManagerInfo, {})));
    expect(replies.every((reply) => reply.isSuccess)).toBe(true);
    expect(calls.filter((call) => call.url === '/api/user/refreshToken')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('only retries when another tab already rotated the tokens', async () => {
    const shared: { store?: StoredTokens } = {};
    const harness = setup(
      (call) => {
        if (call.url === '/api/user/refreshToken')
          return json(500, { isSuccess: false, failedCode: 'CM0500', message: '' });
        if (call.headers.authorization === 'Bearer a1') {
          // Another tab refreshes while this request is on its way.
          Object.assign(shared.store ?? {}, { accessToken: 'a3', refreshToken: 'r3' });
          return json(401, expired);
        }
        return json(200, { isSuccess: true, manager: profile });
      },
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    shared.store = harness.store;
    const reply = await harness.client.callApi(getManagerInfo, {});
    expect(reply.isSuccess).toBe(true);
    expect(harness.calls.map((call) => call.url)).toEqual([
      '/api/manager/getManagerInfo',
      '/api/manager/getManagerInfo',
    ]);
    expect(harness.calls[1]?.headers.authorization).toBe('Bearer a3');
  });

  it('runs the refresh under the cross-tab lock', async () => {
    const locks: string[] = [];
    const store: StoredTokens = { accessToken: 'a1', refreshToken: 'r1' };
    const client = createHttpClient({
      fetch: (url, init) => {
        const headers = init.headers as Record<string, string>;
        if (url.endsWith('/refreshToken')) {
          return Promise.resolve(json(200, { isSuccess: true, token: { accessToken: 'a2', refreshToken: 'r2' } }));
        }
        return Promise.resolve(
          headers.authorization === 'Bearer a2' ? json(200, { isSuccess: true, manager: profile }) : json(401, expired),
        );
      },
      tokens: { read: () => ({ ...store }), save: (tokens) => Object.assign(store, tokens) },
      language: () => 'en',
      timeZone: () => 'UTC',
      withLock: async (name, task) => {
        locks.push(name);
        return task();
      },
      timeoutMs: 1000,
    });
    await client.callApi(getManagerInfo, {});
    expect(locks).toEqual(['token-refresh']);
  });

  it('ends the session when the refresh is refused, without retrying', async () => {
    const { client, calls, onSessionExpired, onError } = setup(
      (call) =>
        call.url === '/api/user/refreshToken'
          ? json(401, { isSuccess: false, failedCode: 'AU0003', message: 'ended' })
          : json(401, expired),
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(client.callApi(getManagerInfo, {})).rejects.toMatchObject({ kind: 'sessionExpired', status: 401 });
    expect(calls).toHaveLength(2);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh fails for another reason than 401', async () => {
    for (const failure of [
      () => json(500, { isSuccess: false, failedCode: 'CM0500', message: '' }),
      () => json(429, { isSuccess: false, failedCode: 'CM0429', message: '' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { client, store, onSessionExpired, onError } = setup(
        (call) => (call.url === '/api/user/refreshToken' ? failure() : json(401, expired)),
        { accessToken: 'a1', refreshToken: 'r1' },
      );
      const error: unknown = await client.callApi(getManagerInfo, {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).not.toBe('sessionExpired');
      expect(onSessionExpired).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledTimes(1);
      expect(store).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    }
  });

  it('refreshes at most once even when the retry is refused again', async () => {
    const { client, calls, onSessionExpired } = setup(
      (call) =>
        call.url === '/api/user/refreshToken'
          ? json(200, { isSuccess: true, token: { accessToken: 'a2', refreshToken: 'r2' } })
          : json(401, expired),
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(client.callApi(getManagerInfo, {})).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/manager/getManagerInfo',
      '/api/user/refreshToken',
      '/api/manager/getManagerInfo',
    ]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session on any other 401 without a refresh', async () => {
    const { client, calls, onSessionExpired } = setup(
      () => json(401, { isSuccess: false, failedCode: 'AU0003', message: 'ended' }),
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(client.callApi(getManagerInfo, {})).rejects.toMatchObject({ failedCode: 'AU0003' });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledWith(expect.objectContaining({ failedCode: 'AU0003' }));
  });

  it('reports 400 as a bad request with its fields', async () => {
    const body = {
      isSuccess: false,
      failedCode: 'CM0400',
      message: 'bad',
      fields: [{ path: 'userEmail', code: 'account.email_form_mismatch', message: 'x' }],
    };
    const { client, onError } = setup(() => json(400, body), { accessToken: null, refreshToken: null });
    const error: unknown = await client
      .callApi(login, { userEmail: 'x', userPassword: 'y', userType: 'manager' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'badRequest', failedCode: 'CM0400', fields: body.fields });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('reports 500 and other statuses as server errors', async () => {
    for (const status of [500, 403, 404, 429]) {
      const { client, onError } = setup(
        () => json(status, { isSuccess: false, failedCode: `CM0${status}`, message: '' }),
        {
          accessToken: 'a',
          refreshToken: 'r',
        },
      );
      await expect(client.callApi(getManagerInfo, {})).rejects.toMatchObject({ kind: 'server', status });
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ failedCode: `CM0${status}` }));
    }
  });

  it('reports a reply that breaks the contract as a server error', async () => {
    const { client, onError } = setup(() => json(200, { isSuccess: true }), { accessToken: 'a', refreshToken: 'r' });
    await expect(client.callApi(getManagerInfo, {})).rejects.toMatchObject({ kind: 'server' });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('takes a reply as it is when replies are not checked, yet not one that is no JSON object', async () => {
    const replies = [{ isSuccess: true, manager: { managerName: 'Kim Lee', unknown: 1 } }, 'text'];
    const client = createHttpClient({
      fetch: () => Promise.resolve(json(200, replies.shift())),
      tokens: { read: () => ({ accessToken: 'a', refreshToken: 'r' }), save: () => undefined },
      language: () => 'en',
      timeZone: () => 'UTC',
      timeoutMs: 1000,
      checkReplies: false,
    });
    expect(await client.callApi(getManagerInfo, {})).toEqual({
      isSuccess: true,
      manager: { managerName: 'Kim Lee', unknown: 1 },
    });
    await expect(client.callApi(getManagerInfo, {})).rejects.toMatchObject({ kind: 'server' });
  });

  it('gives up after the timeout', async () => {
    const harness = createHttpClient({
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      tokens: { read: () => ({ accessToken: null, refreshToken: null }), save: () => undefined },
      language: () => 'en',
      timeZone: () => 'UTC',
      timeoutMs: 20,
    });
    await expect(harness.callApi(logout, {})).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('does not end the session for a 401 of a public endpoint', async () => {
    const { client, calls, onError, onSessionExpired } = setup(
      () => json(401, { isSuccess: false, failedCode: 'AU0002', message: '' }),
      { accessToken: 'a1', refreshToken: 'r1' },
    );
    await expect(
      client.callApi(login, { userEmail: 'kim', userPassword: 'pw', userType: 'manager' }),
    ).rejects.toMatchObject({
      kind: 'server',
    });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for silent calls', async () => {
    const { client, onError, onSessionExpired } = setup(
      () => json(401, { isSuccess: false, failedCode: 'AU0001', message: '' }),
      { accessToken: null, refreshToken: null },
    );
    await expect(client.callApi(logout, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(onError).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('tells when a request leaves for the server', async () => {
    let sent = 0;
    const client = createHttpClient({
      fetch: () => Promise.resolve(json(200, { isSuccess: true, manager: profile })),
      tokens: { read: () => ({ accessToken: 'a', refreshToken: 'r' }), save: () => undefined },
      language: () => 'en',
      timeZone: () => 'UTC',
      onRequestSent: () => void sent++,
      timeoutMs: 1000,
    });
    await client.callApi(getManagerInfo, {});
    expect(sent).toBe(1);
  });
});

describe('uploadFile and fetchFile', () => {
  it('sends the text fields before the file, without a JSON content type', async () => {
    let seen: { body: FormData; headers: Record<string, string> } | undefined;
    const client = createHttpClient({
      fetch: (_url, init) => {
        seen = { body: init.body as FormData, headers: init.headers as Record<string, string> };
        return Promise.resolve(json(200, { isSuccess: true, publicPath: '/api/storage/file/x' }));
      },
      tokens: { read: () => ({ accessToken: 'a', refreshToken: 'r' }), save: () => undefined },
      language: () => 'en',
      timeZone: () => 'UTC',
      timeoutMs: 1000,
    });
    const reply = await client.uploadFile(uploadSingle, { folderPath: 'profile' }, new Blob(['x']), 'a.jpg');
    expect(reply).toEqual({ isSuccess: true, publicPath: '/api/storage/file/x' });
    expect([...(seen?.body.keys() ?? [])]).toEqual(['folderPath', 'file']);
    expect(seen?.headers['content-type']).toBeUndefined();
    expect(seen?.headers.authorization).toBe('Bearer a');
  });

  it('fetches a served file with the access token', async () => {
    const urls: string[] = [];
    const client = createHttpClient({
      fetch: (url, init) => {
        urls.push(url);
        expect((init.headers as Record<string, string>).authorization).toBe('Bearer a');
        return Promise.resolve(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
      },
      tokens: { read: () => ({ accessToken: 'a', refreshToken: 'r' }), save: () => undefined },
      language: () => 'en',
      timeZone: () => 'UTC',
      timeoutMs: 1000,
    });
    const blob = await client.fetchFile('/api/storage/file/abc');
    expect(blob.size).toBe(3);
    expect(urls).toEqual(['/api/storage/file/abc']);
  });
});
