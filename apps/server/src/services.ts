import {
  fhirClientService,
  fhirExportService,
  fhirService,
  type FhirClientService,
  type FhirExportService,
  type FhirService,
} from './modules/fhir/index.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { session as sessionRules } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Clock } from './context.ts';
import { type Database, type DatabaseHandle, openDatabase, pingDatabase } from './db/client.ts';
import type { DemoServices } from './demo.ts';
import { jobRunner, type JobRunner } from './jobs/job-runner.ts';
import { mailQueue } from './mail/mail-queue.ts';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.ts';
import { auditCheckpointJob, auditKeyOf, newestSignedCheckpoint } from './modules/audit/index.ts';
import { boardService, type BoardService } from './modules/board/index.ts';
import { type CategoryService, categoryService } from './modules/category/index.ts';
import {
  exerciseRecordService,
  type ExerciseRecordService,
  type ExerciseService,
  exerciseService,
} from './modules/exercise/index.ts';
import { type ManagerNoteService, managerNoteService } from './modules/manager-note/index.ts';
import { type ManagerService, managerService } from './modules/manager/index.ts';
import {
  abandonedMeetingJob,
  guestService,
  lobbyService,
  meetingService,
  type GuestService,
  type LobbyService,
  type MeetingService,
} from './modules/meeting/index.ts';
import { messageServices, unsentPurgeJob, type MessageServices } from './modules/message/index.ts';
import {
  monitoringJob,
  monitoringService,
  type MonitoringService,
  monitoringBillingService,
  type MonitoringBillingService,
  monitoringConsentService,
  type MonitoringConsentService,
} from './modules/monitoring/index.ts';
import { notifier, type TestPushService, webPushSender } from './modules/notification/index.ts';
import {
  paymentService,
  type PaymentService,
  renewalJob,
  sandboxInBrowser,
  startSandboxProcessor,
  stripeInBrowser,
  type ProcessorInBrowser,
  stripeGateway,
  type SandboxProcessor,
  subscriptionPlanLimits,
} from './modules/payment/index.ts';
import {
  medicalRecordService,
  type MedicalRecordService,
  patientService,
  type PatientService,
} from './modules/patient/index.ts';
import { patientProgramService, type PatientProgramService } from './modules/patient-program/index.ts';
import { questionnaireJob, questionnaireService, type QuestionnaireService } from './modules/questionnaire/index.ts';
import { receiptService, type ReceiptService } from './modules/receipt/index.ts';
import { reportService, type ReportService } from './modules/report/index.ts';
import { scheduleJobs, scheduleService, type ScheduleService } from './modules/schedule/index.ts';
import { storageService, type StorageService } from './modules/storage/index.ts';
import {
  accountSecurityService,
  type AccountSecurityService,
  challengePurgeJob,
  type PasskeyService,
  passkeyService,
  type SecondFactorService,
  secondFactorService,
  sessionService,
  type SessionService,
  userService,
  type UserService,
} from './modules/user/index.ts';
import { createMetrics, type Metrics } from './plugins/metrics.ts';
import { type Bus, memoryBus, redisBus } from './realtime/bus.ts';
import { accessTokens } from './security/access-token.ts';
import { deviceCookies, type DeviceCookies } from './security/device-cookie.ts';
import { memoryRateLimiter, redisRateLimiter } from './security/rate-limiter.ts';
import { secondFactorKeys } from './security/sealed-secret.ts';
import { secretRepository } from './security/secret.repository.ts';
import { diskStorage, s3Storage } from './storage/file-storage.ts';

export interface ServiceOptions {
  now: Clock;
  log: FastifyBaseLogger;
  /** Tests' own mailer; else SMTP when configured, or files in the data folder. */
  mailer?: Mailer | undefined;
  testPushService?: TestPushService | undefined;
}

export interface Services {
  db: Database;
  database: DatabaseHandle;
  metrics: Metrics;
  /** What the app needs to be ready to serve (readiness checks). */
  dependencies: Record<string, () => Promise<unknown>>;
  bus: Bus;
  jobs: JobRunner;
  sessions: SessionService;
  /** The device cookies every login hands its browser. */
  devices: DeviceCookies;
  pushPublicKey: string;
  users: UserService;
  accountSecurity: AccountSecurityService;
  secondFactors: SecondFactorService;
  passkeys: PasskeyService;
  managers: ManagerService;
  patients: PatientService;
  records: MedicalRecordService;
  notes: ManagerNoteService;
  categories: CategoryService;
  files: StorageService;
  exercises: ExerciseService;
  exerciseRecords: ExerciseRecordService;
  /** The patient's own program and the symptom reports they send. */
  programs: PatientProgramService;
  /** Questionnaires sent on a schedule and their responses. */
  questionnaires: QuestionnaireService;
  schedules: ScheduleService;
  reports: ReportService;
  payments: PaymentService;
  receipts: ReceiptService;
  /** The sandbox processor started with the app, when it is the processor. */
  paymentSandbox: SandboxProcessor | undefined;
  /** The processor as the browser meets it. */
  paymentBrowser: ProcessorInBrowser;
  board: BoardService;
  meetings: MeetingService;
  fhir: FhirService;
  fhirClients: FhirClientService;
  fhirExports: FhirExportService;
  lobby: LobbyService;
  /** Guests of a visit's call, invited by link. */
  guests: GuestService;
  /** Secure messages between clinicians and their patients. */
  messages: MessageServices;
  monitoring: MonitoringService;
  monitoringBilling: MonitoringBillingService;
  monitoringConsents: MonitoringConsentService;
  /** The services the demo seed writes through, some on clocks of their own. */
  demo(): DemoServices;
  close(): Promise<void>;
}

/**
 * The app's connections (database, Redis, mail, storage, push), its services on them and its
 * background jobs, all from the config; `close` ends them in an order that leaves nothing running
 * on a closed connection.
 */
export async function createServices(
  config: Config,
  { now, log, testPushService, ...given }: ServiceOptions,
): Promise<Services> {
  const database = await openDatabase(config);
  const { db, locks } = database;
  // Loaded only when configured, as the database driver is: a start without it need not wait for it.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (error: Error) => log.error({ err: error }, 'redis error'));
  const mailer =
    given.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(join(config.dataDir, 'mail'), config.mailFrom, log));

  const secret =
    config.authSecret ??
    (await secretRepository(db).getOrCreate('access-token', () => randomBytes(48).toString('base64url')));
  // The key sealing authenticator secrets: configured, else made once and shared like the token key.
  const secondFactorKey =
    config.secondFactor.key ??
    (await secretRepository(db).getOrCreate('second-factor', () => randomBytes(48).toString('base64url')));
  // Signs the audit trail's checkpoints; kept off the database, which must not be able to sign.
  const auditKey = await auditKeyOf(config);
  const storage = config.s3 ? await s3Storage(config.s3) : diskStorage(join(config.dataDir, 'uploads'));
  // Deployments sharing a Redis never hear each other's messages nor count each other's hits.
  const deploymentId = await secretRepository(db).getOrCreate('deployment-id', () => randomUUID());
  const redisNamespace = `clinic:${deploymentId}`;
  const limiter = redis ? redisRateLimiter(redis, redisNamespace) : memoryRateLimiter();
  const bus = redis
    ? redisBus(redis, redisNamespace, (error) => log.error({ err: error }, 'redis bus error'))
    : memoryBus();
  const sessions = sessionService({
    db,
    tokens: accessTokens(secret, sessionRules.accessTokenSeconds),
    now,
    bus,
    onError: (error) => log.error({ err: error }, 'session bus error'),
  });
  const push = await webPushSender({ db, subject: vapidSubject(config.mailFrom), log, testService: testPushService });
  const mails = mailQueue({ db, mailer, now, log });
  const devices = deviceCookies(secret, { secure: config.publicUrl.startsWith('https:'), now });
  const userDependencies = {
    db,
    mailer,
    mails,
    limiter,
    storage,
    sessions,
    acceptsPushToken: (fcmToken: string) => push.accepts(fcmToken),
    now,
    publicUrl: config.publicUrl,
    secondFactor: { keys: secondFactorKeys(secondFactorKey), required: config.secondFactor.required },
    devices,
  };
  const sandbox =
    config.payments.gateway === 'sandbox'
      ? await startSandboxProcessor(db, config.host, config.payments.port)
      : undefined;
  const processor = config.payments.gateway === 'stripe' ? config.payments : sandbox!;
  const paymentBrowser = sandbox
    ? sandboxInBrowser(sandbox.apiUrl, sandbox.publishableKey, config.publicUrl)
    : stripeInBrowser(processor.publishableKey);
  const gateway = stripeGateway({
    secretKey: processor.secretKey,
    apiUrl: processor.apiUrl,
    webhookSecret: processor.webhookSecret,
    deploymentId,
    log,
  });
  const receipts = receiptService({ db, mails, publicUrl: config.publicUrl });
  const managers = managerService({ db, storage, now, locks, gateway, sessions });
  const patients = patientService({ db, limiter, plans: subscriptionPlanLimits, now });
  const notes = managerNoteService({ db, now });
  const categories = categoryService({ db, now });
  const exerciseRecords = exerciseRecordService({ db, now });
  const monitoringBilling = monitoringBillingService({ db, now, codeTable: config.monitoringCodes });
  const monitoringConsents = monitoringConsentService({ db, now });
  const notify = notifier({ bus, push, now, log });
  const schedules = scheduleService({ db, now, notify });
  const programs = patientProgramService({ db, now, notify });
  const metrics = createMetrics(config.metricsToken, {
    auditCheckpoint: () => newestSignedCheckpoint(db, auditKey),
  });
  const fhirBase = `${config.publicUrl}/fhir/R4`;
  const fhirExports = fhirExportService({ db, storage, now, base: fhirBase, log });
  const jobs = jobRunner({
    db,
    log,
    onRun: metrics.jobRun,
    jobs: [
      // Abandoned calls first, so their visits can expire in the same pass.
      { name: 'abandoned meetings', lockKey: 2, ...abandonedMeetingJob({ now }) },
      { name: 'schedules', lockKey: 1, ...scheduleJobs({ now, notify }) },
      {
        name: 'renewals',
        lockKey: 3,
        ...renewalJob({ db, now, gateway, locks, receipts, mails, publicUrl: config.publicUrl }),
      },
      // Before the monitoring job, which raises an alert for each questionnaire this one found overdue.
      {
        name: 'questionnaires',
        lockKey: 8,
        ...questionnaireJob({ db, now, notify, mails, publicUrl: config.publicUrl }),
      },
      { name: 'monitoring', lockKey: 5, ...monitoringJob({ now, notify }) },
      { name: 'expired challenges', lockKey: 6, ...challengePurgeJob({ now }) },
      { name: 'unsent message files', lockKey: 9, ...unsentPurgeJob({ now, storage }) },
      { name: 'FHIR exports', lockKey: 10, ...fhirExports.job },
      {
        name: 'audit checkpoint',
        lockKey: 7,
        ...auditCheckpointJob({ key: auditKey, everySeconds: config.audit.checkpointSeconds, now, log }),
      },
      // Last, so mail that an earlier job could not send waits for the next pass.
      { name: 'mail', lockKey: 4, ...mails.job },
    ],
  });

  const messages = messageServices({ db, now, bus, push, mails, limiter, storage, log, publicUrl: config.publicUrl });
  const questionnaires = questionnaireService({ db, now });

  return {
    db,
    database,
    metrics,
    dependencies: {
      database: () => pingDatabase(db),
      ...(redis && { redis: () => redis.ping() }),
      storage: () => storage.check(),
    },
    bus,
    jobs,
    sessions,
    devices,
    pushPublicKey: push.publicKey,
    users: userService(userDependencies),
    accountSecurity: accountSecurityService(userDependencies),
    secondFactors: secondFactorService(userDependencies),
    passkeys: passkeyService(userDependencies),
    managers,
    patients,
    records: medicalRecordService({ db, now }),
    notes,
    categories,
    files: storageService({ db, storage, now }),
    exercises: exerciseService({ db, now, notify }),
    exerciseRecords,
    programs,
    questionnaires,
    schedules,
    reports: reportService({
      db,
      now,
      patients,
      records: exerciseRecords,
      managers,
      monitoringBilling,
      questionnaires,
    }),
    payments: paymentService({ db, now, gateway, locks, receipts, browser: paymentBrowser }),
    receipts,
    paymentSandbox: sandbox,
    paymentBrowser,
    board: boardService({ db, now, mails, limiter, supportEmail: config.supportEmail }),
    meetings: meetingService({ db, now, bus, notify, ice: config.ice }),
    fhir: fhirService({ db, now, base: fhirBase }),
    fhirClients: fhirClientService({ db, now }),
    fhirExports,
    lobby: lobbyService({ db, now, bus, push }),
    guests: guestService({ db, now, bus, mailer, limiter, ice: config.ice, publicUrl: config.publicUrl }),
    messages,
    monitoring: monitoringService({ db, now }),
    monitoringBilling,
    monitoringConsents,
    demo(): DemoServices {
      return {
        // The seed verifies the demo accounts itself: their sign-up mails would only fill inboxes.
        users: userService({ ...userDependencies, mailer: { send: () => Promise.resolve(), close: () => undefined } }),
        managers,
        patients,
        notes,
        categories,
        // The demo's prescriptions date from a year ago, so the devices' year of records lies inside them.
        exercises: exerciseService({ db, now: () => new Date(now().getTime() - 366 * 86_400_000), notify }),
        schedules,
        pastSchedules: scheduleService({ db, now: () => new Date(now().getTime() - 21 * 86_400_000), notify }),
        programs,
        monitoringConsents,
        questionnairesAt: (at) => questionnaireService({ db, now: () => at }),
      };
    },
    // In this order: nothing may still be running when the connections it needs are closed.
    async close(): Promise<void> {
      await jobs.stop();
      await fhirExports.stop();
      await messages.deliveriesIdle();
      await sandbox?.close();
      await bus.close();
      mailer.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

/** The contact the push services may write to about our VAPID key: the sender address of our mail. */
function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
