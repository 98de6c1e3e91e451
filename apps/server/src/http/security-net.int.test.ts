import { randomUUID } from 'node:crypto';
import { addPatientNoAuth, endpoints, FailedCode, login, type Endpoint } from '@clinic/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  onePixelPng,
  password,
  uploadFile,
  verifiedClinician,
  verifiedPatient,
  type Answer,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { auditEvent } from '../db/schema.ts';

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
  'PUT /api/user/completePasswordReset',
  'POST /api/secondFactor/login',
  'POST /api/secondFactor/beginSetup',
  'POST /api/secondFactor/confirmSetup',
  'POST /api/passkey/beginLogin',
  'POST /api/passkey/login',
  'POST /api/patientApp/signUp',
  'POST /api/board/inquiry/save',
  // A visit's guest: the link's token or the guest's own in the body, else refused (guest test).
  'POST /api/guest/openLink',
  'POST /api/guest/waitForCall',
  'POST /api/guest/leaveWaitingRoom',
  'POST /api/guest/joinMeeting',
  'GET /api/healthz',
  'GET /api/readyz',
  'GET /api/openapi.json',
  // The processor's events: no token, but refused without the processor's signature (payment-intents test).
  'POST /api/payment/webhook',
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
    expect(urls).toContain('PUT /api/user/endSession');
    expect(urls).toContain('PUT /api/user/endOtherSessions');
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
      const token = (
        await callApi(t.app, login, {
          userEmail: route.access === 'patient' ? member.email : clinician.body.userEmail,
          userPassword: password,
          userType: route.access === 'patient' ? 'patient' : 'manager',
        })
      ).success.token.accessToken;
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

/** Names in a request or a reply that carry patient data: an endpoint with one must declare its audit row. */
const patientFields = new Set([
  'seqPatient',
  'seqMedicalRelation',
  'patientName',
  'seqSchedule',
  'seqExercise',
  'seqManagerNote',
  'seqPatientStatus',
  'seqReport',
  'seqMonitoringAlert',
]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  examples?: unknown[];
};

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

function fieldNames(schema: JsonSchema, into = new Set<string>()): Set<string> {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    into.add(name);
    fieldNames(property, into);
  }
  for (const part of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) if (part) fieldNames(part, into);
  return into;
}

/** The contract endpoint a route serves, if it serves one. */
const endpointOf = (route: { method: string; url: string }): Endpoint | undefined =>
  endpoints.find((endpoint) => endpoint.method === route.method && `/api${endpoint.path}` === route.url);

describe('every route that needs a token', () => {
  it('declares the audit row of its calls, or that it touches no patient data', () => {
    for (const route of routes()) {
      const name = `${route.method} ${route.url}`;
      if (route.access === 'public' || route.access === 'system') {
        // Nobody to attribute a row to.
        expect(route.audit ?? false, name).toBe(false);
        continue;
      }
      expect(route.audit, `${name} must declare its audit (the contract's 'audit')`).toBeDefined();
      const endpoint = endpointOf(route);
      const names = endpoint
        ? new Set([
            ...fieldNames(jsonSchemaOf(endpoint.request, 'input')),
            ...fieldNames(jsonSchemaOf(endpoint.reply, 'output')),
          ])
        : new Set<string>();
      const carried = [...names].filter((field) => patientFields.has(field));
      if (carried.length > 0) expect(route.audit, `${name} carries ${carried.join(', ')}`).not.toBe(false);
    }
  });
});

/** The ids of someone else's data, and a date a request may name. */
interface Names {
  seqMedicalRelation: number;
  date: string;
}

/** Answers that refuse a call as someone else's (besides 404). */
const refusedCodes: string[] = [FailedCode.MeetingNotFound, FailedCode.InvalidSyncCode];

/** How a call ended, as the audit trail should tell it. */
function outcomeOf(statusCode: number, reply: { isSuccess?: boolean; failedCode?: string }): string {
  if (statusCode === 404 || refusedCodes.includes(reply.failedCode ?? '')) return 'denied';
  if (statusCode === 200 && reply.isSuccess === true) return 'success';
  // A business failure, or a rule only the server checks (the patient's device): nothing happened.
  if (statusCode === 200 || statusCode === 400) return 'refused by a rule';
  return `answered ${statusCode}`;
}

const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');

/** Ids no row has: a missing id answers exactly like someone else's. */
const missingId = 2_000_000_000;

/** Text values tried, in order, for a string field with a pattern. */
const textCandidates = (names: Names): string[] => [
  names.date,
  names.date.slice(0, 7),
  '00:20:00',
  '10:00',
  `${names.date}T10:00:00.000Z`,
  'audit@example.com',
  randomUUID(),
  '123456',
  'Audit',
];

/**
 * A request the schema may take, naming someone else's data wherever it names any: with every
 * field filled in (a rule may want one of them), or with the required ones only (a rule may want
 * some left out).
 */
function requestFor(schema: JsonSchema, names: Names, fill: 'all' | 'required', key = ''): unknown {
  // A value whose rules the schema cannot show comes with an example in the contract.
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return requestFor(options.find((option) => option.type !== 'null') ?? options[0]!, names, fill, key);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => fill === 'all' || schema.required?.includes(name))
          .map(([name, property]) => [name, requestFor(property, names, fill, name)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => requestFor(schema.items ?? {}, names, fill, key));
    case 'integer':
    case 'number':
      if (key === 'seqMedicalRelation') return names.seqMedicalRelation;
      if (key.startsWith('seq')) return missingId;
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'date') return names.date;
      if (key.endsWith('Email')) return 'audit@example.com';
      const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern);
      const text = (pattern && textCandidates(names).find((candidate) => pattern.test(candidate))) ?? 'Audit';
      return text.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return null;
  }
}

describe('every call of a route that declares its audit row', () => {
  it('writes that row, with outcome denied when the call is refused', async () => {
    const other = await verifiedClinician(t.app, t.mail);
    const added = await callApi(
      t.app,
      addPatientNoAuth,
      {
        patientName: 'Other Patient',
        patientInfoBirth: '1970-01-01',
        patientInfoGender: 'F',
        heightCm: 165,
        weightKg: 60,
        deviceType: 1,
      },
      { token: other.tokens.accessToken },
    );
    const names: Names = {
      seqMedicalRelation: added.success.seqMedicalRelation,
      date: t.clock().toISOString().slice(0, 10),
    };
    const tokenOf = async (access: string): Promise<string> => {
      const response = await callApi(t.app, login, {
        userEmail: access === 'patient' ? member.email : clinician.body.userEmail,
        userPassword: password,
        userType: access === 'patient' ? 'patient' : 'manager',
      });
      return response.success.token.accessToken;
    };
    const tokens = { manager: await tokenOf('manager'), patient: await tokenOf('patient') };
    const declared = routes().flatMap((route) => (route.audit ? [{ ...route, audit: route.audit }] : []));
    expect(declared.length).toBeGreaterThan(40);
    const problems: string[] = [];
    const succeeded: string[] = [];
    for (const route of declared) {
      const name = `${route.method} ${route.url}`;
      const endpoint = endpointOf(route);
      const candidates = endpoint
        ? (['all', 'required'] as const).map((fill) => requestFor(jsonSchemaOf(endpoint.request, 'input'), names, fill))
        : [undefined];
      const body = candidates.find((candidate) => !endpoint || endpoint.request.safeParse(candidate).success);
      if (endpoint && body === undefined) {
        problems.push(`${name}: no valid request made of ${JSON.stringify(candidates)}`);
        continue;
      }
      const send = async (token: string): Promise<Pick<Answer<Endpoint>, 'status' | 'headers' | 'text'>> => {
        if (endpoint?.multipart) return uploadFile(t.app, endpoint, token, png, body);
        const response = await t.app.inject({
          method: route.method as 'POST',
          // A path parameter (a file's id) names nothing that exists.
          url: route.url.replace(/:\w+/g, randomUUID()),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          ...(route.method !== 'GET' && { payload: JSON.stringify(body ?? {}) }),
        });
        return { status: response.statusCode, headers: response.headers, text: response.body };
      };
      /** The call's outcome, and whether the trail holds the declared row of it. */
      const check = async (response: Awaited<ReturnType<typeof send>>) => {
        const reply = response.headers['content-type']?.toString().startsWith('application/json')
          ? (JSON.parse(response.text) as { isSuccess?: boolean; failedCode?: string })
          : {};
        const outcome = outcomeOf(response.status, reply);
        const rows = await t.app.db
          .select()
          .from(auditEvent)
          .where(eq(auditEvent.requestId, String(response.headers['x-request-id'])));
        const row = rows.find(
          (candidate) =>
            candidate.action === route.audit.action &&
            candidate.entity === route.audit.entity &&
            candidate.outcome === outcome,
        );
        return { outcome, row, rows, body: response.text.slice(0, 300) };
      };
      // A route either may call ('signedIn') is tried by a clinician.
      const attempt = await check(await send(tokens[route.access === 'patient' ? 'patient' : 'manager']));
      if (attempt.outcome !== 'denied' && attempt.outcome !== 'success') {
        problems.push(`${name} ${JSON.stringify(body)}: ${attempt.outcome} ${attempt.body}`);
        continue;
      }
      if (!attempt.row) problems.push(`${name}: no ${attempt.outcome} row among ${JSON.stringify(attempt.rows)}`);
      const namesRelation = typeof body === 'object' && body !== null && 'seqMedicalRelation' in body;
      if (attempt.outcome !== 'denied' || !namesRelation) continue;
      expect(attempt.row?.seqMedicalRelation, name).toBe(names.seqMedicalRelation);
      // The same call by the patient's own clinician, when it names nothing else, succeeds on record.
      if (route.access !== 'manager' || JSON.stringify(body).includes(String(missingId))) continue;
      const own = await check(await send(other.tokens.accessToken));
      if (own.outcome === 'refused by a rule') continue;
      if (own.outcome !== 'success' || own.row?.seqMedicalRelation !== names.seqMedicalRelation)
        problems.push(`${name} by the patient's clinician: ${own.outcome}, rows ${JSON.stringify(own.rows)}`);
      else succeeded.push(name);
    }
    expect(problems).toEqual([]);
    expect(succeeded.length).toBeGreaterThan(10);
  }, 120_000);
});
