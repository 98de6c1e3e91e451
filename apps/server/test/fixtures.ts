import { randomBytes } from 'node:crypto';
import { kneeProgramExample, npiCheckDigit, type SignUpRequest, type TokenPair } from '@clinic/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { linkIn, type MailCatcher } from './mail-catcher.ts';

export const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const password = 'Rehab-2026-ok';

/** A valid NPI number made from random digits. */
export function randomNpi(): string {
  const firstNine = `1${Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}

export function signUpBody(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const unique = randomBytes(4).toString('hex');
  return {
    userId: `dr${unique}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    userEmail: `ada.${unique}@example.com`,
    userPassword: password,
    title: 'DPT',
    npiNumber: randomNpi(),
    signatureImage: onePixelPng,
    certificationCode: undefined,
    agreeTerms: true,
    agreePrivacy: true,
    agreePersonalInfo: true,
    agreeProvider: true,
    ...overrides,
  };
}

export interface CallOptions {
  token?: string;
  refreshToken?: string;
  language?: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  timeZone?: string;
  /** The client's address (127.0.0.1 unless given). */
  remoteAddress?: string;
}

export async function call(
  app: FastifyInstance,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'POST',
    url: `/api${path}`,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.refreshToken && { 'x-refresh-token': options.refreshToken }),
      ...(options.language && { 'accept-language': options.language }),
      ...(options.timeZone && { 'x-time-zone': options.timeZone }),
    },
    payload: JSON.stringify(body),
  });
}

/** A multipart upload of one file, with text fields, as a browser's FormData sends it. */
export async function uploadFile(
  app: FastifyInstance,
  path: string,
  token: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const boundary = '----clinic-test';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload,
  });
}

/** Signs a clinician up (in `language`, English by default), follows the mailed link and logs in. */
export async function verifiedClinician(
  app: FastifyInstance,
  mail: MailCatcher,
  overrides: Partial<SignUpRequest> = {},
  language?: string,
): Promise<{ body: SignUpRequest; tokens: TokenPair; seqUser: number }> {
  const body = signUpBody(overrides);
  const since = mail.messages.length;
  const signUp = await call(app, '/user/signUp', body, language ? { language } : {});
  if (signUp.json<{ isSuccess: boolean }>().isSuccess !== true) throw new Error(signUp.body);
  const { token } = linkIn(await mail.next(body.userEmail, since));
  await call(app, '/user/verifyEmail', { token });
  const login = await call(app, '/user/login', { userEmail: body.userEmail, userPassword: body.userPassword });
  const reply = login.json<{ token: TokenPair; user: { seqUser: number } }>();
  return { body, tokens: reply.token, seqUser: reply.user.seqUser };
}

/** Signs a patient app member up, follows the mailed link and logs in with userType patient. */
export async function verifiedPatient(
  app: FastifyInstance,
  mail: MailCatcher,
): Promise<{ email: string; tokens: TokenPair; seqPatient: number; seqUser: number }> {
  const email = `patient.${randomBytes(4).toString('hex')}@example.com`;
  const since = mail.messages.length;
  const signUp = await call(app, '/patientApp/signUp', {
    userEmail: email,
    userPassword: password,
    patientName: 'Pat Member',
    patientInfoBirth: '1960-04-02',
    patientInfoGender: 'F',
  });
  if (signUp.json<{ isSuccess: boolean }>().isSuccess !== true) throw new Error(signUp.body);
  await call(app, '/user/verifyEmail', { token: linkIn(await mail.next(email, since)).token });
  const login = await call(app, '/user/login', { userEmail: email, userPassword: password, userType: 'patient' });
  const reply = login.json<{ token: TokenPair; user: { seqPatient: number; seqUser: number } }>();
  return { email, tokens: reply.token, seqPatient: reply.user.seqPatient, seqUser: reply.user.seqUser };
}

/** Logs a test user in again, for tests that move the clock past the access-token lifetime. */
export async function relogin(
  app: FastifyInstance,
  who: { tokens: TokenPair; body?: { userEmail: string }; email?: string },
): Promise<void> {
  const userEmail = who.body?.userEmail ?? who.email ?? '';
  const userType = who.body ? 'manager' : 'patient';
  const login = await call(app, '/user/login', { userEmail, userPassword: password, userType });
  who.tokens = login.json<{ token: TokenPair }>().token;
}

/** A knee program on the pro device, twice a day, that the device sessions below follow. */
export const kneeProgram = kneeProgramExample;

/** One session of the knee program as the pro device uploads it, started at the given instant. */
export function deviceSession(
  seqExercise: number,
  recordKey: string,
  start: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    recordKey,
    seqExercise,
    iuppiterUsageMode: 0,
    iuppiterUsageCount: 30,
    iuppiterUsageMinAngle: 12.5,
    iuppiterUsageMaxAngle: 95,
    iuppiterUsageMinSpeed: 4,
    iuppiterUsageMaxSpeed: 22.5,
    minTorque: -3.2,
    maxTorque: 8.4,
    deviceUsageDuration: 1200,
    exerciseGuideMode: 0,
    exerciseGuideMinRom: 10,
    exerciseGuideMaxRom: 100,
    exerciseGuideCount: 30,
    exerciseGuideTime: '00:20:00',
    exerciseGuideDirection: 2,
    exerciseGuidePosition: 3,
    usageStartDatetime: start,
    createDatetime: start,
    patientReview: 'A bit sore afterwards',
    ...overrides,
  };
}
