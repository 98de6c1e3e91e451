import { randomBytes, randomUUID } from 'node:crypto';
import {
  type addClinicAssignedExercise,
  addQuestionnaireResponse,
  answerableItems,
  lefs,
  listMyQuestionnaires,
  type AnswerItem,
  errorReply,
  exerciseSettings,
  kneeProgramExample,
  login,
  npiCheckDigit,
  patientSignUp,
  signUp,
  verifyEmail,
  type Endpoint,
  type ErrorReply,
  type ReplyOf,
  type RequestOf,
  type uploadExerciseRecords,
  type SignUpRequest,
  type TokenPair,
} from '@clinic/contract';
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

interface CallOptions {
  token?: string;
  refreshToken?: string;
  language?: string;
  timeZone?: string;
  /** The client's address (127.0.0.1 unless given). */
  remoteAddress?: string;
  userAgent?: string;
  /** The Cookie header a browser would send. */
  cookie?: string;
}

async function sendJson(
  app: FastifyInstance,
  method: Endpoint['method'],
  path: string,
  body: unknown,
  options: CallOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api${path}`,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.refreshToken && { 'x-refresh-token': options.refreshToken }),
      ...(options.language && { 'accept-language': options.language }),
      ...(options.timeZone && { 'x-time-zone': options.timeZone }),
      ...(options.userAgent && { 'user-agent': options.userAgent }),
      ...(options.cookie && { cookie: options.cookie }),
    },
    payload: JSON.stringify(body),
  });
}

/** A POST of any JSON to any path under /api, unchecked: for clients that name routes by path. */
export async function call(
  app: FastifyInstance,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return sendJson(app, 'POST', path, body, options);
}

type SuccessOf<E extends Endpoint> = Extract<ReplyOf<E>, { isSuccess: true }>;
type FailureOf<E extends Endpoint> = Extract<ReplyOf<E>, { isSuccess: false }>;

/** What a contract endpoint answered; each reading checks the reply against the contract. */
export interface Answer<E extends Endpoint> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The body as sent, unchecked. */
  text: string;
  /** The 200 reply, parsed by the endpoint's reply schema; throws on any other status. */
  readonly reply: ReplyOf<E>;
  /** The 200 reply of a call that succeeded; throws on a business failure or another status. */
  readonly success: SuccessOf<E>;
  /** The 200 reply of a business failure; throws on a success or another status. */
  readonly failure: FailureOf<E>;
  /** The error reply of any status but 200; throws on a 200. */
  readonly error: ErrorReply;
  /** The code of a business failure (200) or of an error (any other status); undefined for a success. */
  readonly failedCode: string | undefined;
}

function answerOf<E extends Endpoint>(endpoint: E, response: LightMyRequestResponse): Answer<E> {
  const unexpected = (wanted: string): Error =>
    new Error(`${endpoint.path}: wanted ${wanted}, got ${response.statusCode} ${response.body}`);
  const reply = (): ReplyOf<E> => {
    if (response.statusCode !== 200) throw unexpected('200');
    return endpoint.reply.parse(response.json()) as ReplyOf<E>;
  };
  const failure = (): ReplyOf<E> & { failedCode: string } => {
    const parsed = reply() as ReplyOf<E> & { isSuccess: boolean; failedCode: string };
    if (parsed.isSuccess) throw unexpected('a business failure');
    return parsed;
  };
  const error = (): ErrorReply => {
    if (response.statusCode === 200) throw unexpected('an error status');
    return errorReply.parse(response.json());
  };
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    get reply() {
      return reply();
    },
    get success() {
      const parsed = reply() as { isSuccess: boolean };
      if (!parsed.isSuccess) throw unexpected('a success');
      return parsed as SuccessOf<E>;
    },
    get failure() {
      return failure() as FailureOf<E>;
    },
    get error() {
      return error();
    },
    get failedCode() {
      if (response.statusCode !== 200) return error().failedCode;
      const parsed = reply() as { isSuccess: boolean; failedCode?: string };
      return parsed.isSuccess ? undefined : parsed.failedCode;
    },
  };
}

/** Calls a contract endpoint with a body its request schema allows (or one marked `invalid`). */
export async function callApi<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  body: RequestOf<E>,
  options: CallOptions = {},
): Promise<Answer<E>> {
  return answerOf(endpoint, await sendJson(app, endpoint.method, endpoint.path, body, options));
}

/** A body the contract refuses, sent on purpose to see the server refuse it too. */
export function invalid(body: unknown): never {
  return body as never;
}

/** A multipart upload of one file, with text fields (and other headers), as a browser's FormData sends it. */
export async function uploadFile<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  token: string,
  bytes: Buffer,
  fields: RequestOf<E>,
  headers: Record<string, string> = {},
): Promise<Answer<E>> {
  const boundary = '----clinic-test';
  const payload = Buffer.concat([
    ...Object.entries(fields as Record<string, string>).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
    payload,
  });
  return answerOf(endpoint, response);
}

/** The browser the fixtures log in from, so that logging in again is no login from a new browser. */
const testBrowserId = '6f1c1d5e-3b0e-4c8a-9d63-2f4b8c1e7a90';

/** Signs a clinician up (in `language`, English by default), follows the mailed link and logs in. */
export async function verifiedClinician(
  app: FastifyInstance,
  mail: MailCatcher,
  overrides: Partial<SignUpRequest> = {},
  language?: string,
): Promise<{ body: SignUpRequest; tokens: TokenPair; seqUser: number; seqManager: number }> {
  const body = signUpBody(overrides);
  const since = mail.messages.length;
  void (await callApi(app, signUp, body, language ? { language } : {})).success;
  const { token } = linkIn(await mail.next(body.userEmail, since));
  void (await callApi(app, verifyEmail, { token })).success;
  const reply = (
    await callApi(app, login, { userEmail: body.userEmail, userPassword: body.userPassword, browserId: testBrowserId })
  ).success;
  if (reply.user.seqManager === null) throw new Error('a clinician login names the clinician');
  return { body, tokens: reply.token, seqUser: reply.user.seqUser, seqManager: reply.user.seqManager };
}

/** Signs a patient app member up, follows the mailed link and logs in with userType patient. */
export async function verifiedPatient(
  app: FastifyInstance,
  mail: MailCatcher,
): Promise<{ email: string; tokens: TokenPair; seqPatient: number; seqUser: number }> {
  const email = `patient.${randomBytes(4).toString('hex')}@example.com`;
  const since = mail.messages.length;
  const member = {
    userEmail: email,
    userPassword: password,
    patientName: 'Pat Member',
    patientInfoBirth: '1960-04-02',
    patientInfoGender: 'F',
  } as const;
  void (await callApi(app, patientSignUp, member)).success;
  void (await callApi(app, verifyEmail, { token: linkIn(await mail.next(email, since)).token })).success;
  const reply = (await callApi(app, login, { userEmail: email, userPassword: password, userType: 'patient' })).success;
  if (reply.user.seqPatient === null) throw new Error('a patient login names the patient');
  return { email, tokens: reply.token, seqPatient: reply.user.seqPatient, seqUser: reply.user.seqUser };
}

/** Logs a test user in again, for tests that move the clock past the access-token lifetime. */
export async function relogin(
  app: FastifyInstance,
  who: { tokens: TokenPair; body?: { userEmail: string }; email?: string },
): Promise<void> {
  const userEmail = who.body?.userEmail ?? who.email ?? '';
  const userType = who.body ? 'manager' : 'patient';
  who.tokens = (
    await callApi(app, login, { userEmail, userPassword: password, userType, browserId: testBrowserId })
  ).success.token;
}

/** A knee program on the pro device, twice a day, that the device sessions below follow. */
export const kneeProgram: RequestOf<typeof addClinicAssignedExercise>['exercise'] =
  exerciseSettings.parse(kneeProgramExample);

type DeviceSession = RequestOf<typeof uploadExerciseRecords>['records'][number];

/** One session of the knee program as the pro device uploads it, started at the given instant. */
export function deviceSession(
  seqExercise: number,
  recordKey: string,
  start: string,
  overrides: Partial<DeviceSession> = {},
): DeviceSession {
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

/** LEFS answered with every item at the same option: 0 (extreme difficulty) to 4 (no difficulty), 20 items. */
export function lefsAnswers(option: number): AnswerItem[] {
  return answerableItems(lefs.questionnaire).map((item) => {
    const coding = item.answerOption![option]!.valueCoding!;
    return { linkId: item.linkId, answer: [{ valueCoding: { system: coding.system, code: coding.code! } }] };
  });
}

/** The patient answers the first questionnaire due to them, a LEFS, with every item at `option`. */
export async function answerDueLefs(
  app: FastifyInstance,
  patientToken: string,
  authoredAt: Date,
  option: number,
): Promise<void> {
  const [due] = (await callApi(app, listMyQuestionnaires, {}, { token: patientToken })).success.questionnaireList;
  const answered = await callApi(
    app,
    addQuestionnaireResponse,
    {
      idempotencyKey: randomUUID(),
      seqQuestionnaireRequest: due!.seqQuestionnaireRequest,
      answers: lefsAnswers(option),
      authoredAt: authoredAt.toISOString(),
    },
    { token: patientToken },
  );
  if (answered.status !== 200) throw new Error(`the LEFS was not answered: ${answered.status}`);
}
