import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import {
  endpoints,
  errorReply,
  operationIdOf,
  scheduleRules,
  session as sessionRules,
  type Access,
  type Audit,
  type Endpoint,
} from '@clinic/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Clock, RequestContext } from './context.ts';
import { openDatabase, pingDatabase, type Database } from './db/client.ts';
import { checkedSerializer, fastSerializer } from './http/reply-serializer.ts';
import type { Route } from './http/route.ts';
import { mailQueue } from './mail/mail-queue.ts';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer.ts';
import { auditedCall } from './modules/audit/index.ts';
import { managerRoutes, managerService } from './modules/manager/index.ts';
import { sessionService, type SessionService, userRoutes, userService } from './modules/user/index.ts';
import { categoryRoutes, categoryService } from './modules/category/index.ts';
import {
  exerciseRecordRoutes,
  exerciseRecordService,
  exerciseRoutes,
  exerciseService,
} from './modules/exercise/index.ts';
import { managerNoteRoutes, managerNoteService } from './modules/manager-note/index.ts';
import { medicalRecordService, patientRoutes, patientService } from './modules/patient/index.ts';
import {
  registerFileDownload,
  storageRoutes,
  storageService,
  tooLarge,
  uploadLimits,
} from './modules/storage/index.ts';
import { abandonedMeetingJob, meetingRoutes, meetingService } from './modules/meeting/index.ts';
import { reportRoutes, reportService } from './modules/report/index.ts';
import { boardRoutes, boardService } from './modules/board/index.ts';
import {
  paymentRoutes,
  paymentService,
  renewalJob,
  sandboxGateway,
  stripeGateway,
  subscriptionPlanLimits,
} from './modules/payment/index.ts';
import { notificationRoutes, notifier, type TestPushService, webPushSender } from './modules/notification/index.ts';
import { scheduleJobs, scheduleRoutes, scheduleService } from './modules/schedule/index.ts';
import { languageOf, registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { accessTokens } from './security/access-token.ts';
import { memoryRateLimiter, redisRateLimiter } from './security/rate-limiter.ts';
import { secretRepository } from './security/secret.repository.ts';
import { diskStorage, s3Storage } from './storage/file-storage.ts';
import { seedDemo } from './demo.ts';
import { simulateDevice, type Transport } from '@clinic/patient/device-simulator';
import multipart from '@fastify/multipart';
import { HttpFailure, InvalidField, unauthorized } from './domain-error.ts';
import { jobRunner, type JobRunner } from './jobs/job-runner.ts';
import { memoryBus, redisBus, type Bus } from './realtime/bus.ts';
import { registerRealtimeHub } from './realtime/hub.ts';

export interface AppOverrides {
  now?: Clock;
  mailer?: Mailer;
  /** Where log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** Tests only: a push service of their own on loopback, trusted and let past the public-address rule. */
  testPushService?: TestPushService;
  /** Whether the background jobs run on their timer (tests run them with `app.jobs.tick()`). */
  startJobs?: boolean;
  /** Whether every reply is also checked against its contract's zod schema (tests). */
  checkReplies?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: the contract's access, or 'system' for infrastructure routes. */
    access?: Access;
    /** The audit row every call writes (the contract's `audit`); false: no patient data. */
    audit?: Audit | false;
  }
  interface FastifyRequest {
    context: RequestContext;
  }
  interface FastifyInstance {
    /** Every route under /api, as registered: the security tests enumerate these. */
    apiRoutes: {
      method: string;
      url: string;
      access: Access | 'system';
      /** Undefined for the infrastructure routes, which touch no patient data. */
      audit: Audit | false | undefined;
      body: unknown;
    }[];
    /** The database, for the demo seed and the tests' own checks. */
    db: Database;
    /** The background jobs, run on a timer; tests run a pass with a fixed clock. */
    jobs: JobRunner;
    /** The realtime bus, for tests that listen to what a user hears. */
    bus: Bus;
  }
}

/**
 * Never logged: the tokens travel in these headers. Redacted wherever a logged object carries
 * headers (fastify's req and res, the multipart plugin's busboy options at trace level).
 */
const redactedHeaders = ['authorization', 'x-refresh-token', 'x-access-token', 'cookie', 'set-cookie'];

const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(overrides.logStream && { stream: overrides.logStream }),
      redact: {
        paths: redactedHeaders.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]),
        censor: '[redacted]',
      },
    },
    // Always the server's own: the id ends up in the audit trail, so a client may not choose it.
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that trickles its request in holds a socket: its headers must arrive within 10 s
    // (checked every second) and the whole request, a 5 MB upload too, within a minute. Idle
    // keep-alive sockets stay Fastify's 72 s, longer than the proxies' usual 60 s in front.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    requestTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const now = overrides.now ?? ((): Date => new Date());
  const database = await openDatabase(config);
  // Loaded only when configured, as the database driver is: a start without it need not wait for it.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', (error: Error) => app.log.error({ err: error }, 'redis error'));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(join(config.dataDir, 'mail'), config.mailFrom, app.log));
  app.decorate('db', database.db);

  const secret =
    config.authSecret ??
    (await secretRepository(database.db).getOrCreate('access-token', () => randomBytes(48).toString('base64url')));
  const storage = config.s3 ? s3Storage(config.s3) : diskStorage(join(config.dataDir, 'uploads'));
  // Deployments sharing a Redis never hear each other's messages nor count each other's hits.
  const deploymentId = await secretRepository(database.db).getOrCreate('deployment-id', () => randomUUID());
  const redisNamespace = `clinic:${deploymentId}`;
  const limiter = redis ? redisRateLimiter(redis, redisNamespace) : memoryRateLimiter();
  const bus = redis
    ? redisBus(redis, redisNamespace, (error) => app.log.error({ err: error }, 'redis bus error'))
    : memoryBus();
  const sessions = sessionService({
    db: database.db,
    tokens: accessTokens(secret, sessionRules.accessTokenSeconds),
    now,
    bus,
    onError: (error) => app.log.error({ err: error }, 'session bus error'),
  });
  const push = await webPushSender({
    db: database.db,
    subject: vapidSubject(config.mailFrom),
    log: app.log,
    testService: overrides.testPushService,
  });
  const mails = mailQueue({ db: database.db, mailer, now, log: app.log });
  const userDependencies = {
    db: database.db,
    mailer,
    mails,
    limiter,
    storage,
    sessions,
    acceptsPushToken: (fcmToken: string) => push.accepts(fcmToken),
    now,
    publicUrl: config.publicUrl,
  };
  const users = userService(userDependencies);
  const gateway =
    config.payments.gateway === 'stripe'
      ? stripeGateway({
          secretKey: config.payments.secretKey,
          apiUrl: config.payments.apiUrl,
          deploymentId,
          log: app.log,
        })
      : sandboxGateway(database.db, app.log);
  const managers = managerService({ db: database.db, storage, now, locks: database.locks, gateway, sessions });
  const patients = patientService({ db: database.db, limiter, plans: subscriptionPlanLimits, now });
  const records = medicalRecordService({ db: database.db, now });
  const notes = managerNoteService({ db: database.db, now });
  const categories = categoryService({ db: database.db, now });
  const files = storageService({ db: database.db, storage, now });
  const exercises = exerciseService({ db: database.db, now });
  const yearAgo = (): Date => new Date(now().getTime() - 366 * 86_400_000);
  const threeWeeksAgo = (): Date => new Date(now().getTime() - 21 * 86_400_000);
  const exerciseRecords = exerciseRecordService({ db: database.db, now });
  const notify = notifier({ bus, push, now, log: app.log });
  const schedules = scheduleService({ db: database.db, now, notify });
  const reports = reportService({ db: database.db, now, patients, records: exerciseRecords, managers });
  const payments = paymentService({ db: database.db, now, gateway, locks: database.locks });
  const board = boardService({ db: database.db, now, mails, limiter, supportEmail: config.supportEmail });
  const meetings = meetingService({ db: database.db, now, bus, notify, ice: config.ice });
  const jobs = jobRunner({
    db: database.db,
    log: app.log,
    jobs: [
      // Abandoned calls first, so their visits can expire in the same pass.
      { name: 'abandoned meetings', lockKey: 2, ...abandonedMeetingJob({ now }) },
      { name: 'schedules', lockKey: 1, ...scheduleJobs({ now, notify }) },
      {
        name: 'renewals',
        lockKey: 3,
        ...renewalJob({ db: database.db, now, gateway, locks: database.locks, mails, publicUrl: config.publicUrl }),
      },
      // Last, so mail that an earlier job could not send waits for the next pass.
      { name: 'mail', lockKey: 4, ...mails.job },
    ],
  });
  app.decorate('jobs', jobs);
  app.decorate('bus', bus);
  // In this order: nothing may still be running when the connections it needs are closed.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await bus.close();
    mailer.close();
    redis?.disconnect();
    await database.close();
  });
  const demoMembers = config.demo
    ? await seedDemo({
        db: database.db,
        // The demo's prescriptions date from a year ago, so the devices' year of records lies inside them.
        services: {
          // The seed verifies the demo accounts itself: their sign-up mails would only fill inboxes.
          users: userService({
            ...userDependencies,
            mailer: { send: () => Promise.resolve(), close: () => undefined },
          }),
          managers,
          patients,
          notes,
          categories,
          exercises: exerciseService({ db: database.db, now: yearAgo }),
          schedules,
          pastSchedules: scheduleService({ db: database.db, now: threeWeeksAgo, notify }),
        },
        email: config.demoEmail,
        password: config.demoPassword,
        log: app.log,
      })
    : [];

  await app.register(helmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Replies of 1 KB and more in brotli or gzip, as the client accepts (the built web apps' files
  // come compressed from the build). Request bodies are not accepted compressed. Up to 64 KB a
  // reply is compressed in one call, not through a stream: a year's ROM statistic (30 KB) then
  // costs about 0.3 ms less CPU; larger replies still stream.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false, syncThreshold: 64 * 1024 });
  registerOpenApi(app, config.publicUrl);

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api')) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const access = options.config?.access ?? 'system';
    const audit = options.config?.audit;
    for (const method of methods)
      app.apiRoutes.push({ method, url: options.url, access, audit, body: options.schema?.body });
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
  });

  app.get('/api/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/api/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(database.db);
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(multipart, { limits: uploadLimits });
  const authenticate: SessionService['authenticate'] = (authorization, access) =>
    sessions.authenticate(authorization, access);
  registerRoutes(
    app,
    [
      ...userRoutes(users, sessions),
      ...managerRoutes(managers),
      ...patientRoutes(patients, records),
      ...managerNoteRoutes(notes),
      ...categoryRoutes(categories),
      ...storageRoutes(files),
      ...exerciseRoutes(exercises),
      ...exerciseRecordRoutes(exerciseRecords),
      ...scheduleRoutes(schedules),
      ...notificationRoutes(push.publicKey),
      ...meetingRoutes(meetings),
      ...reportRoutes(reports),
      ...paymentRoutes(payments),
      ...boardRoutes(board),
    ],
    authenticate,
    { db: database.db, now },
    overrides.checkReplies === true,
  );
  await registerRealtimeHub(app, {
    bus,
    isLive: (sessionId) => sessions.isLive(sessionId),
    onSessionsEnded: (listener) => sessions.onEnded(listener),
    relaySignal: (seqUser, signal) => meetings.relaySignal(seqUser, signal),
    async authenticate(accessToken) {
      const authorization = `Bearer ${accessToken}`;
      // A clinician's token, else a patient's: each kind is refused by the other's check with a 403.
      const caller = await authenticate(authorization, 'manager').catch((error: unknown) => {
        if (error instanceof HttpFailure && error.statusCode === 403) return authenticate(authorization, 'patient');
        throw error;
      });
      const identity = caller.principal ?? caller.patient;
      if (!identity) throw unauthorized();
      return { seqUser: identity.seqUser, sessionId: identity.sessionId };
    },
  });
  registerFileDownload(app, files, contextHook('manager', authenticate), { db: database.db, now });
  await registerWeb(app, config.webDist, config.patientWebDist);
  // The demo patients' devices upload a year of records through the ingest endpoint itself.
  for (const member of demoMembers) await simulateDevice({ transport: injectTransport(app), ...member, days: 365 });
  if (overrides.startJobs !== false) jobs.start(scheduleRules.jobIntervalMs);
  return app;
}

/** Establishes the request context, authenticating the caller when the access needs it. */
function contextHook(access: Access, authenticate: SessionService['authenticate']) {
  return async (request: FastifyRequest): Promise<void> => {
    const refreshToken = request.headers['x-refresh-token'];
    const caller = access === 'public' ? {} : await authenticate(request.headers.authorization, access);
    request.context = {
      language: languageOf(request),
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      refreshToken: typeof refreshToken === 'string' ? refreshToken : undefined,
      principal: caller.principal,
      patient: caller.patient,
      requestId: request.id,
      timeZone: timeZoneOf(request.headers['x-time-zone']),
    };
  };
}

/** The text fields and the one file of a multipart request, checked against the endpoint's schema. */
async function readMultipart(request: FastifyRequest, schema: Endpoint['request']): Promise<unknown> {
  const part = await request.file();
  if (!part) throw new InvalidField('file', 'validation.required');
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
    ),
  );
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidField(issue?.path.join('.') ?? '', issue?.message ?? 'validation.invalid');
  }
  const file = await part.toBuffer();
  if (part.file.truncated) throw tooLarge();
  return { ...(parsed.data as object), file };
}

/**
 * Registers every contract endpoint, and refuses to start if one has no route or two. Each call
 * leaves the audit row its endpoint declares (`auditedCall`).
 */
function registerRoutes(
  app: FastifyInstance,
  routes: Route[],
  authenticate: SessionService['authenticate'],
  audit: Parameters<typeof auditedCall>[0],
  checkReplies: boolean,
): void {
  const bound = new Set(routes.map((route) => route.endpoint));
  const missing = endpoints.filter((endpoint) => !bound.has(endpoint)).map((endpoint) => endpoint.path);
  if (missing.length > 0 || bound.size !== routes.length) {
    throw new Error(`Every endpoint needs exactly one route; missing: ${missing.join(', ')}`);
  }
  for (const route of routes) {
    const { endpoint } = route;
    app.route({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      config: { access: endpoint.access, audit: endpoint.audit },
      schema: {
        operationId: operationIdOf(endpoint),
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : { body: endpoint.request }),
        response: { 200: endpoint.reply, '4xx': errorReply, '5xx': errorReply },
        security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
      },
      // Replies are written from their JSON schema; tests also hold each one to its zod schema.
      serializerCompiler: ({ schema, httpStatus }) =>
        checkReplies ? checkedSerializer(schema, `${endpoint.path} (${httpStatus})`) : fastSerializer(schema),
      onRequest: contextHook(endpoint.access, authenticate),
      handler: async (request, reply) => {
        const body = endpoint.multipart ? await readMultipart(request, endpoint.request) : request.body;
        const result = await auditedCall(audit, endpoint.audit, body, request.context, () =>
          route.handle(body, request.context),
        );
        if (typeof result === 'object' && result !== null && 'token' in result) {
          const { accessToken, refreshToken } = (result as { token: { accessToken: string; refreshToken: string } })
            .token;
          void reply.header('x-access-token', accessToken).header('x-refresh-token', refreshToken);
        }
        return result;
      },
    });
  }
}

/** The contact the push services may write to about our VAPID key: the sender address of our mail. */
function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * An IANA zone name (an alias such as Asia/Kolkata too) as its canonical name; undefined if it names
 * none. Offsets such as '+05:00' are refused: PostgreSQL reads them with the opposite sign.
 */
function canonicalZone(name: string): string | undefined {
  if (!/^[A-Za-z][\w+\-/]*$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The x-time-zone header, UTC when absent; a zone we do not know is refused rather than guessed. */
function timeZoneOf(header: string | string[] | undefined): string {
  if (header === undefined) return 'UTC';
  const zone = typeof header === 'string' ? canonicalZone(header) : undefined;
  if (!zone) throw new InvalidField('x-time-zone', 'validation.time_zone');
  return zone;
}

/** The device simulator's requests answered by this app in-process, before it listens. */
function injectTransport(app: FastifyInstance): Transport {
  return {
    async post(path, body, token) {
      const response = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json<unknown>() };
    },
  };
}
