import { bookSchedule, FailedCode, listMySchedules, login } from '@clinic/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/i18n.ts';
import { createTokenStore, type KeyValueStorage } from '../session/token-store.ts';
import { errorTextOf } from './error-text.ts';
import { ApiError } from '@clinic/client/api-error';
import { createHttpClient, type FetchLike } from '@clinic/client/http-client';

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function setup(replies: ((url: string, init: RequestInit) => Response)[]) {
  const tokens = createTokenStore(memoryStorage());
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  let expired = 0;
  const fetchLike: FetchLike = (url, init) => {
    calls.push({
      url,
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    });
    const next = replies.shift();
    if (!next) throw new Error(`unexpected call ${url}`);
    return Promise.resolve(next(url, init));
  };
  const client = createHttpClient({
    fetch: fetchLike,
    tokens,
    language: () => 'ko',
    timeZone: () => 'Asia/Seoul',
    onSessionExpired: () => (expired += 1),
    timeoutMs: 60_000,
  });
  return { client, tokens, calls, expired: () => expired };
}

const emptyList = { isSuccess: true, scheduleList: [] };

describe('the patient HTTP client', () => {
  beforeAll(() => loadLanguage('en'));

  it('sends the session, language and time zone, and keeps rotated tokens from the reply headers', async () => {
    const { client, tokens, calls } = setup([
      () => json(200, emptyList, { 'x-access-token': 'a2', 'x-refresh-token': 'r2' }),
    ]);
    tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
    await client.callApi(listMySchedules, {});
    expect(calls[0]?.url).toBe('/api/patientApp/listSchedules');
    expect(calls[0]?.headers).toMatchObject({
      authorization: 'Bearer a1',
      'x-refresh-token': 'r1',
      'accept-language': 'ko',
      'x-time-zone': 'Asia/Seoul',
    });
    expect(tokens.read()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('logs in without an access token and returns a business failure as the reply', async () => {
    const { client, tokens, calls } = setup([
      () => json(200, { isSuccess: false, failedCode: 'US0003', message: 'Wrong account name or password.' }),
    ]);
    tokens.save({ accessToken: 'old' });
    const reply = await client.callApi(login, { userEmail: 'a@example.com', userPassword: 'x', userType: 'patient' });
    expect(reply).toMatchObject({ isSuccess: false, failedCode: 'US0003' });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.body).toMatchObject({ userType: 'patient' });
  });

  it('refreshes an expired access token once and repeats the call', async () => {
    const { client, tokens, calls, expired } = setup([
      () => json(401, { isSuccess: false, failedCode: FailedCode.TokenExpired, message: 'expired' }),
      () => json(200, { isSuccess: true, token: { accessToken: 'a2', refreshToken: 'r2' } }),
      () => json(200, emptyList),
    ]);
    tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
    await client.callApi(listMySchedules, {});
    expect(calls.map((call) => call.url)).toEqual([
      '/api/patientApp/listSchedules',
      '/api/user/refreshToken',
      '/api/patientApp/listSchedules',
    ]);
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(calls[1]?.headers['x-refresh-token']).toBe('r1');
    expect(calls[2]?.headers.authorization).toBe('Bearer a2');
    expect(expired()).toBe(0);
  });

  it('ends the session when the refresh is refused', async () => {
    const { client, tokens, expired } = setup([
      () => json(401, { isSuccess: false, failedCode: FailedCode.TokenExpired, message: 'expired' }),
      () => json(401, { isSuccess: false, failedCode: FailedCode.SessionEnded, message: 'ended' }),
    ]);
    tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
    await expect(client.callApi(listMySchedules, {})).rejects.toMatchObject({ status: 401 });
    expect(expired()).toBe(1);
  });

  it('turns HTTP failures into coded errors with translated texts', async () => {
    const { client, tokens } = setup([
      () => json(400, { isSuccess: false, failedCode: FailedCode.BadRequest, message: 'bad' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
    const request = {
      seqMedicalRelation: 1,
      scheduleExpectStartDatetime: '2026-11-23T09:00:00+09:00',
      scheduleExpectProgressTime: '00:30:00',
    } as const;
    const badRequest = await client.callApi(bookSchedule, request).catch((error: unknown) => error);
    expect(badRequest).toBeInstanceOf(ApiError);
    expect(errorTextOf(badRequest, 'en').text).toMatch(/Bad request/);
    const offline = await client.callApi(bookSchedule, request).catch((error: unknown) => error);
    expect(errorTextOf(offline, 'en')).toEqual({ key: 'errors.network' });
    expect(errorTextOf(new Error('x'), 'en')).toEqual({ key: 'errors.unexpected' });
  });
});
