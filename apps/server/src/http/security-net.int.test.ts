import { FailedCode } from '@clinic/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, password, verifiedClinician, verifiedPatient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/**
 * The net every endpoint falls into, present and future: the routes come from the server itself,
 * so a route added later is covered without editing this file.
 */
const publicRoutes = new Set([
  'POST /api/user/validUserEmail',
  'POST /api/user/signUp',
  'POST /api/user/resendAuthEmail',
  'POST /api/user/verifyEmail',
  'POST /api/user/login',
  'POST /api/user/refreshToken',
  'POST /api/user/findUserId',
  'POST /api/user/resetManagerPw',
  'POST /api/user/completePasswordReset',
  'POST /api/patientApp/signUp',
  'POST /api/board/inquiry/save',
  'GET /api/healthz',
  'GET /api/readyz',
  'GET /api/openapi.json',
]);
/** The API documentation UI and its assets. */
const publicPrefixes = ['/api/docs'];

const isPublic = (method: string, url: string): boolean =>
  publicRoutes.has(`${method} ${url}`) || publicPrefixes.some((prefix) => url.startsWith(prefix));

/** What a body must never reveal: a stack frame, a source path, SQL or a driver message. */
const leak =
  /\bat \S+ \(|\.ts:\d+|\/src\/|node_modules|\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|relation "|syntax error|stack/i;

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
});
afterAll(() => t.close());

const routes = () => t.app.apiRoutes.filter((route) => route.method !== 'HEAD');

describe('every route', () => {
  it('is found by enumeration, including every contract endpoint', () => {
    const urls = routes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/user/login');
    expect(urls).toContain('PUT /api/manager/deleteManagerAccount');
    expect(urls.length).toBeGreaterThanOrEqual(17);
  });

  it('answers 401 without a token or with a forged one, unless it is public', async () => {
    const guarded = routes().filter((route) => !isPublic(route.method, route.url));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const authorization of [undefined, 'Bearer forged.token.value', 'Basic abc']) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
          payload: '{}',
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json<{ failedCode: string }>().failedCode).toBe(FailedCode.Unauthorized);
      }
    }
  });

  it('never answers invalid input with a 5xx or a leak', async () => {
    const junk = fc.oneof(
      fc.string(),
      fc.string({ minLength: 300, maxLength: 3000 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.object({ maxDepth: 2 }),
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        '💥'.repeat(50),
        "' or 1=1 --",
        '<script>alert(1)</script>',
        '../../etc/passwd',
        '__proto__',
        '0',
        '-1',
        '1e309',
      ),
    );
    for (const route of routes().filter((candidate) => candidate.body !== undefined)) {
      const keys = Object.keys(
        (z.toJSONSchema(route.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
          .properties ?? {},
      );
      const body = fc.oneof(
        fc.jsonValue(),
        fc.record(Object.fromEntries(keys.map((key) => [key, junk])), { requiredKeys: [] }),
        fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 5 }),
      );
      const raw = fc.oneof(
        body.map((value) => JSON.stringify(value) ?? 'null'),
        fc.string({ maxLength: 50 }),
      );
      // A fresh session per route (a route may end it), spaced out to stay under the login rate limit.
      t.clock.advance(2 * 60_000);
      const login = await call(t.app, '/user/login', {
        userEmail: route.access === 'patient' ? member.email : clinician.body.userEmail,
        userPassword: password,
        userType: route.access === 'patient' ? 'patient' : 'manager',
      });
      const token = login.json<{ token: { accessToken: string } }>().token.accessToken;
      await fc.assert(
        fc.asyncProperty(raw, async (payload) => {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: route.url,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            payload,
          });
          expect(response.statusCode, `${route.method} ${route.url} ${payload.slice(0, 200)}`).toBeLessThan(500);
          expect(response.body).not.toMatch(leak);
        }),
        { seed: 20_261_122, numRuns: 200 },
      );
    }
  }, 300_000);
});
