import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addClinicAssignedExercise,
  addPatient,
  exerciseSettings,
  issueSyncAuthCode,
  kneeProgramExample,
  login,
  npiCheckDigit,
  patientSignUp,
  signUp,
  uploadExerciseRecords,
  verifyEmail,
  wallClockIn,
  type Endpoint,
  type PatientPush,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import patientEn from '../apps/patient/web/locales/en.json';
import { signUpBody } from '../apps/server/test/fixtures.ts';
import { linkIn, type MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { chromiumArgs, type Stack } from './harness.ts';
import cs from '../apps/web/src/locales/cs/translation.json';
import en from '../apps/web/src/locales/en/translation.json';
import ko from '../apps/web/src/locales/ko/translation.json';
import zhHK from '../apps/web/src/locales/zh-HK/translation.json';

/** The web app's own words, so a test can look for a label in any of the four languages. */
export const ui = { en, ko, 'zh-HK': zhHK, cs } as const;
export type Ui = typeof en;

export const password = 'Rehab-2026-ok';
/** The password of the app members appMember signs up. */
export const memberPassword = 'Member-pass-2026';

export interface Clinician {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  npi: string;
}

export function newClinician(): Clinician {
  const unique = randomBytes(4).toString('hex');
  const firstNine = `1${Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return {
    userId: `dr${unique}`,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${unique}@example.com`,
    password,
    npi: `${firstNine}${npiCheckDigit(firstNine)}`,
  };
}

/** Draws a short stroke on the signature pad. */
export async function sign(page: Page, t: Ui = en): Promise<void> {
  const pad = page.getByLabel(t.signUp.signaturePad);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? 15 : -15));
  }
  await page.mouse.up();
}

/** Fills the whole sign-up form in the given language and submits it. */
export async function fillSignUp(page: Page, clinician: Clinician, t: Ui = en): Promise<void> {
  await page.getByLabel(t.signUp.userId, { exact: true }).fill(clinician.userId);
  await page.getByLabel(t.signUp.firstName, { exact: true }).fill(clinician.firstName);
  await page.getByLabel(t.signUp.lastName, { exact: true }).fill(clinician.lastName);
  await page.getByLabel(t.signUp.email, { exact: true }).fill(clinician.email);
  await page.getByLabel(t.signUp.password, { exact: true }).fill(clinician.password);
  await page.getByLabel(t.signUp.passwordConfirm, { exact: true }).fill(clinician.password);
  await page.getByLabel(t.signUp.clinicianTitle, { exact: true }).selectOption('DPT');
  await page.getByLabel(t.signUp.npi, { exact: true }).fill(clinician.npi);
  await sign(page, t);
  for (const agreement of ['terms', 'privacy', 'personalInfo', 'provider'] as const) {
    await page.getByLabel(t.agreements[agreement].checkbox).check();
  }
}

/** Signs up in the browser and follows the mailed verification link. */
export async function signUpAndVerify(page: Page, mail: MailCatcher, clinician = newClinician()): Promise<Clinician> {
  await page.goto('/login/signUp');
  await acceptCookies(page);
  await fillSignUp(page, clinician);
  const since = mail.messages.length;
  await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
  await page.getByText(en.signUp.success.body.replace('{{email}}', clinician.email)).waitFor();
  const { link } = linkIn(await mail.next(clinician.email, since));
  await page.goto(link);
  await page.getByText(en.verification.verified).waitFor();
  return clinician;
}

export async function logIn(page: Page, login: string, secret: string, t: Ui = en): Promise<void> {
  await page.getByLabel(t.login.loginId, { exact: true }).fill(login);
  await page.getByLabel(t.login.password, { exact: true }).fill(secret);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
}

/** Accepts the cookie banner so it does not cover the page. */
export async function acceptCookies(page: Page, t: Ui = en): Promise<void> {
  const accept = page.getByRole('button', { name: t.notices.cookies.acceptAll });
  await accept.waitFor({ timeout: 5000 }).then(
    () => accept.click(),
    () => undefined, // already chosen in this browser profile
  );
}

/** Turns a switch on or off with a click that waits for the page to hold still (sections above it load late). */
export async function setSwitch(within: Locator, name: string, on: boolean): Promise<void> {
  await within.getByRole('switch', { name }).setChecked(on);
}

/** The reply of a call that succeeded, as the contract describes it. */
type SuccessOf<E extends Endpoint> = Extract<ReplyOf<E>, { isSuccess: true }>;

/**
 * Calls a contract endpoint on the stack's API (as a browser in timeZone, when given) with a body its
 * request schema allows; returns the reply parsed by its reply schema, and fails on an HTTP error or
 * an unsuccessful reply.
 */
export async function callApi<E extends Endpoint>(
  stack: Pick<Stack, 'url'>,
  endpoint: E,
  body: RequestOf<E>,
  token?: string,
  timeZone?: string,
): Promise<SuccessOf<E>> {
  const response = await fetch(`${stack.url}/api${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
      ...(timeZone && { 'x-time-zone': timeZone }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const reply = response.ok ? (endpoint.reply.parse(JSON.parse(text)) as ReplyOf<E> & { isSuccess: boolean }) : null;
  if (!reply?.isSuccess) throw new Error(`${endpoint.path}: ${response.status} ${text}`);
  return reply as SuccessOf<E>;
}

/** Whole-hour zones around the globe, one for each offset from -11 to +14. */
export const wholeHourZones = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Regina',
  'America/Bogota',
  'America/Caracas',
  'America/Argentina/Buenos_Aires',
  'America/Noronha',
  'Atlantic/Cape_Verde',
  'UTC',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Tashkent',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Brisbane',
  'Pacific/Noumea',
  'Pacific/Tarawa',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];

/**
 * A browser time zone in which it is now between 10:00 and 17:00, so that 07:00 today has passed
 * and tomorrow's slots are ahead whatever the hour the test runs.
 */
export function middayZone(now = new Date()): string {
  const zone = wholeHourZones.find((candidate) => {
    const { minute } = wallClockIn(now, candidate);
    return minute >= 10 * 60 && minute < 17 * 60;
  });
  if (!zone) throw new Error('no zone at midday');
  return zone;
}

export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('no access token');
  return token;
}

/** A fresh clinician, signed up, verified and logged in on a new page. */
export async function newClinicianSession(
  stack: Pick<Stack, 'newPage' | 'mail'>,
): Promise<{ page: Page; clinician: Clinician }> {
  const page = await stack.newPage();
  const clinician = await signUpAndVerify(page, stack.mail);
  await acceptCookies(page);
  await logIn(page, clinician.email, clinician.password);
  await page.getByText(en.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
  return { page, clinician };
}

/**
 * Allows notifications, so the page registers /sw.js, and reloads it; returns a sender of Web Push
 * messages to the worker. A push is delivered only to an activated worker (one still installing
 * would drop it), so the sender waits for that.
 */
export async function pushToWorker(stack: Pick<Stack, 'url'>, page: Page): Promise<(payload: object) => Promise<void>> {
  await page.context().grantPermissions(['notifications'], { origin: stack.url });
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find(
        (version) => version.scriptURL === `${stack.url}/sw.js` && version.status === 'activated',
      );
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.reload();
  await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
  return async (payload) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: stack.url,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
  };
}

/** An app member signed up in the app through the API and verified; returns the app's token and a sync code. */
export async function appMember(
  stack: Pick<Stack, 'url' | 'mail'>,
  member: { userEmail: string; patientName: string; patientInfoBirth: string; patientInfoGender: 'M' | 'F' },
): Promise<{ token: string; code: string }> {
  const userPassword = memberPassword;
  const since = stack.mail.messages.length;
  await callApi(stack, patientSignUp, { ...member, userPassword });
  const { token: verifyToken } = linkIn(await stack.mail.next(member.userEmail, since));
  await callApi(stack, verifyEmail, { token: verifyToken });
  const { token } = await callApi(stack, login, { userEmail: member.userEmail, userPassword, userType: 'patient' });
  const { patientSyncAuthCode } = await callApi(stack, issueSyncAuthCode, {}, token.accessToken);
  return { token: token.accessToken, code: patientSyncAuthCode };
}

type DeviceRecord = RequestOf<typeof uploadExerciseRecords>['records'][number];

/** What the clinician enters when adding an app member as a patient. */
const addPatientBody = (patientSyncAuthCode: string) =>
  ({ patientSyncAuthCode, heightCm: 170, weightKg: 70, deviceType: 2 }) as const;

/**
 * Makes an app member the clinician's patient with a knee program, and uploads one session their
 * device recorded now (what the test gives replaces the defaults).
 */
export async function patientWithSession(
  stack: Pick<Stack, 'url'>,
  token: string,
  member: { token: string; code: string },
  session: Partial<DeviceRecord> = {},
): Promise<{ seqMedicalRelation: number; seqExercise: number }> {
  const { seqMedicalRelation } = await callApi(stack, addPatient, addPatientBody(member.code), token);
  const { exercise } = await callApi(
    stack,
    addClinicAssignedExercise,
    { seqMedicalRelation, exercise: exerciseSettings.parse(kneeProgramExample) },
    token,
  );
  const start = new Date().toISOString();
  const record: DeviceRecord = {
    recordKey: `e2e-session-${exercise.seqExercise}`,
    seqExercise: exercise.seqExercise,
    iuppiterUsageMode: 0,
    iuppiterUsageCount: 20,
    iuppiterUsageMinAngle: 12,
    iuppiterUsageMaxAngle: 90,
    iuppiterUsageMinSpeed: 3,
    iuppiterUsageMaxSpeed: 18,
    deviceUsageDuration: 600,
    exerciseGuideMode: 0,
    exerciseGuideMinRom: 10,
    exerciseGuideMaxRom: 100,
    exerciseGuideDirection: 2,
    exerciseGuidePosition: 3,
    usageStartDatetime: start,
    createDatetime: start,
    ...session,
  };
  await callApi(stack, uploadExerciseRecords, { records: [record] }, member.token);
  return { seqMedicalRelation, seqExercise: exercise.seqExercise };
}

/** A clinician signed up, verified and logged in through the API alone; answers the access token. */
export async function clinicianTokenByApi(stack: Pick<Stack, 'url' | 'mail'>): Promise<string> {
  const body = signUpBody();
  const since = stack.mail.messages.length;
  await callApi(stack, signUp, body);
  const { token } = linkIn(await stack.mail.next(body.userEmail, since));
  await callApi(stack, verifyEmail, { token });
  const reply = await callApi(stack, login, { userEmail: body.userEmail, userPassword: body.userPassword });
  return reply.token.accessToken;
}

/**
 * A new app member (Ines Varga unless `member` says otherwise, at `<label>.<unique>@example.com`) whom
 * the clinician with this token adds as a patient; with `session`, the patient also gets a knee program
 * and one device session (see patientWithSession).
 */
export async function newPatientOf(
  stack: Pick<Stack, 'url' | 'mail'>,
  clinicianToken: string,
  options: {
    label: string;
    member?: Partial<Omit<Parameters<typeof appMember>[1], 'userEmail'>>;
    session?: Partial<DeviceRecord>;
  },
): Promise<{ userEmail: string; member: { token: string; code: string }; seqMedicalRelation: number }> {
  const userEmail = `${options.label}.${randomBytes(4).toString('hex')}@example.com`;
  const member = await appMember(stack, {
    userEmail,
    patientName: 'Ines Varga',
    patientInfoBirth: '1963-07-21',
    patientInfoGender: 'F',
    ...options.member,
  });
  const { seqMedicalRelation } = options.session
    ? await patientWithSession(stack, clinicianToken, member, options.session)
    : await callApi(stack, addPatient, addPatientBody(member.code), clinicianToken);
  return { userEmail, member, seqMedicalRelation };
}

/** Signs an app member in to the patient app, opened at path (its home unless given). */
export async function patientLogIn(page: Page, userEmail: string, path = '/patient/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(patientEn.login.email, { exact: true }).fill(userEmail);
  await page.getByLabel(patientEn.login.password, { exact: true }).fill(memberPassword);
  await page.getByRole('button', { name: patientEn.login.submit, exact: true }).click();
}

/** A notification an app's worker shows: what its reader reads, and the page a tap opens. */
interface ShownNotification {
  title: string;
  body: string;
  data: unknown;
}

/**
 * The notifications the worker at `workerPath` shows now in the browser profile; none while no
 * such worker runs (not started yet, or stopped while asked).
 */
export async function shownNotifications(context: BrowserContext, workerPath: string): Promise<ShownNotification[]> {
  const running = context.serviceWorkers().find((candidate) => new URL(candidate.url()).pathname === workerPath);
  if (!running) return [];
  return running
    .evaluate<ShownNotification[]>(
      `(async () =>
        (await self.registration.getNotifications()).map(({ title, body, data }) => ({ title, body, data })))()`,
    )
    .catch((): ShownNotification[] => []);
}

/**
 * Pushes to the patient app's worker in a phone's profile, through the DevTools session of `page`
 * (any page of the profile), as the push service and the phone's system reach it. `deliver` hands
 * the worker a push and answers the notifications it then shows; a push handed to a worker that is
 * being stopped is lost, so it is handed again while none shows, as the push service sends it again
 * (its tag keeps it one notification). `tap` taps the notification shown.
 */
export async function patientPushes(
  stack: Pick<Stack, 'url'>,
  page: Page,
): Promise<{ deliver(push: PatientPush): Promise<ShownNotification[]>; tap(): Promise<void> }> {
  const context = page.context();
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve, reject) => {
    const late = setTimeout(() => reject(new Error('the patient app has no worker registered')), 15_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const app = registrations.find((entry) => entry.scopeURL === `${stack.url}/patient/` && !entry.isDeleted);
      if (!app) return;
      clearTimeout(late);
      resolve(app.registrationId);
    });
  });
  // Answered when first asked for: a registration never told is the test's failure then, not an unhandled one now.
  registrationId.catch(() => undefined);
  await cdp.send('ServiceWorker.enable');
  // The worker as it runs now: one stopped while no tab was open is started again by a push.
  const worker = () => {
    const running = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/patient/sw.js'));
    if (!running) throw new Error('the app has no worker running');
    return running;
  };
  return {
    async deliver(push) {
      const hand = async () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: stack.url,
          registrationId: await registrationId,
          data: JSON.stringify(push),
        });
      await hand();
      const deadline = Date.now() + 15_000;
      for (;;) {
        const shown = await shownNotifications(context, '/patient/sw.js');
        if (shown.length > 0) return shown;
        if (Date.now() > deadline) throw new Error(`the push ${push.type} showed no notification`);
        await hand();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    async tap() {
      // No protocol taps a system notification: the worker is handed a notificationclick for the real one.
      await worker().evaluate(`(async () => {
        const [shown] = await self.registration.getNotifications();
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
      })()`);
    },
  };
}

/**
 * A phone's browser profile of its own (360 px wide unless given), kept while the test runs: its
 * service worker, IndexedDB and notification permission outlive a reload only there. `close` removes it.
 */
export async function phoneProfile(
  stack: Pick<Stack, 'url'>,
  options: { width?: number; height?: number; initScripts?: string[]; notifications?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'clinic-e2e-profile-'));
  const context = await chromium.launchPersistentContext(folder, {
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL: stack.url,
    locale: 'en-US',
    viewport: { width: options.width ?? 360, height: options.height ?? 780 },
  });
  for (const script of options.initScripts ?? []) await context.addInitScript(script);
  if (options.notifications) await context.grantPermissions(['notifications'], { origin: stack.url });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** What the browser keeps of the patient's queries (IndexedDB `patient-query-cache`), or ''. */
export function keptQueries(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('patient-query-cache');
        open.onerror = () => reject(open.error ?? new Error('cannot open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve('');
            return;
          }
          const read = db.transaction('entries').objectStore('entries').get('patient-queries');
          read.onsuccess = () => {
            db.close();
            resolve(typeof read.result === 'string' ? read.result : '');
          };
          read.onerror = () => reject(read.error ?? new Error('cannot read'));
        };
      }),
  );
}
