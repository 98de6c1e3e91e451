import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import { guestTokenPrefix, scheduleRules } from '@clinic/contract';
import { simulateDevice } from '@clinic/device-simulator';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Clock } from './context.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './demo.ts';
import { HttpFailure, unauthorized } from './domain-error.ts';
import { listApiRoutes, registerContractRoutes } from './http/contract-routes.ts';
import { inProcessTransport } from './http/in-process-transport.ts';
import { registerMultipart } from './http/multipart.ts';
import { contextHook } from './http/request-context.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { Mailer } from './mail/mailer.ts';
import { boardRoutes } from './modules/board/index.ts';
import { categoryRoutes } from './modules/category/index.ts';
import { exerciseRecordRoutes, exerciseRoutes } from './modules/exercise/index.ts';
import { managerNoteRoutes } from './modules/manager-note/index.ts';
import { monitoringRoutes, monitoringBillingRoutes, monitoringConsentRoutes } from './modules/monitoring/index.ts';
import { managerRoutes } from './modules/manager/index.ts';
import { questionnaireRoutes } from './modules/questionnaire/index.ts';
import { meetingRoutes } from './modules/meeting/index.ts';
import { messageRoutes, registerMessageAttachmentDownload } from './modules/message/index.ts';
import { notificationRoutes, type TestPushService } from './modules/notification/index.ts';
import { patientRoutes } from './modules/patient/index.ts';
import { patientProgramRoutes } from './modules/patient-program/index.ts';
import { paymentRoutes, paymentWebhookRoute } from './modules/payment/index.ts';
import { receiptRoutes } from './modules/receipt/index.ts';
import { reportRoutes } from './modules/report/index.ts';
import { scheduleRoutes } from './modules/schedule/index.ts';
import { registerFileDownload, storageRoutes } from './modules/storage/index.ts';
import { fhirClientRoutes, registerFhir } from './modules/fhir/index.ts';
import {
  accountSecurityRoutes,
  passkeyRoutes,
  secondFactorRoutes,
  type SessionService,
  userRoutes,
} from './modules/user/index.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import type { Bus } from './realtime/bus.ts';
import { registerRealtimeHub } from './realtime/hub.ts';
import { createServices, type Services } from './services.ts';

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
  /** Whether the demo's login is printed; not again after the seed's own process printed it. */
  printDemoLogin?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, for the demo seed and the tests' own checks. */
    db: Database;
    /** The background jobs, run on a timer; tests run a pass with a fixed clock. */
    jobs: JobRunner;
    /** The realtime bus, for tests that listen to what a user hears. */
    bus: Bus;
    /** Settles when the messages' deliveries under way have ended (tests wait for it). */
    messageDeliveriesIdle: () => Promise<void>;
    /** The embedded database as a backup's dump; undefined on PostgreSQL, which pg_dump backs up. */
    dumpDatabase: (() => Promise<Blob>) | undefined;
  }
}

/**
 * Never logged: a header that may carry a credential, by its name (authorization, cookie and
 * set-cookie, x-refresh-token, stripe-signature, x-api-key, any token's, key's or secret's).
 * Redacted wherever a logged object carries headers (fastify's req and res, the multipart
 * plugin's busboy options at trace level), at every level.
 */
const credentialHeader = /auth|cookie|token|key|secret|signature|password|passwd|session|credential/i;

/** A request id a proxy may hand us: short, and nothing a log or the audit trail would mangle. */
const proxyRequestId = /^[\w.:-]{8,128}$/;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(overrides.logStream && { stream: overrides.logStream }),
      // The client's address and scheme as the app sees them (through a trusted proxy's headers).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url,
          host: request.host,
          remoteAddress: request.ip,
          protocol: request.protocol,
        }),
      },
      redact: {
        paths: ['headers.*', '*.headers.*'],
        censor: (value: unknown, path: string[]) => (credentialHeader.test(path.at(-1) ?? '') ? '[redacted]' : value),
      },
    },
    // The id ends up in the audit trail, so a client may not choose it: the server's own, or the
    // trusted proxy's (it replaces any a client sent), so that the proxy's and our logs match.
    genReqId: (request) => {
      const fromProxy = request.headers['x-request-id'];
      return config.trustProxy && typeof fromProxy === 'string' && proxyRequestId.test(fromProxy)
        ? fromProxy
        : randomUUID();
    },
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
  const services = await createServices(config, {
    now,
    log: app.log,
    mailer: overrides.mailer,
    testPushService: overrides.testPushService,
  });
  const { db, sessions } = services;
  app.decorate('db', db);
  app.decorate('jobs', services.jobs);
  app.decorate('bus', services.bus);
  app.decorate('messageDeliveriesIdle', () => services.messages.deliveriesIdle());
  app.decorate('dumpDatabase', services.database.dump);
  app.addHook('onClose', () => services.close());
  const demoMembers = config.demo
    ? await seedDemo({
        db,
        services: services.demo(),
        email: config.demoEmail,
        password: config.demoPassword,
        log: app.log,
        printLogin: overrides.printDemoLogin !== false,
      })
    : [];

  await registerSecurityHeaders(app, services.paymentBrowser.origins);
  // Replies of 1 KB and more in brotli or gzip, as the client accepts (the built web apps' files
  // come compressed from the build). Request bodies are not accepted compressed. Up to 64 KB a
  // reply is compressed in one call, not through a stream: a year's ROM statistic (30 KB) then
  // costs about 0.3 ms less CPU; larger replies still stream.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false, syncThreshold: 64 * 1024 });
  registerOpenApi(app, config.publicUrl);
  listApiRoutes(app);
  registerHealth(app, services.dependencies);
  // Counted by the realtime hub, registered below: the metrics' hook must come before the routes.
  const realtime = { openSockets: (): number => 0 };
  services.metrics.register(app, { database: services.database, now, openSockets: () => realtime.openSockets() });
  await registerMultipart(app);

  const authenticate: SessionService['authenticate'] = (authorization, access) =>
    sessions.authenticate(authorization, access);
  registerContractRoutes(
    app,
    contractRoutes(services),
    authenticate,
    { db, now },
    services.devices,
    overrides.checkReplies === true,
  );
  const hub = await registerRealtimeHub(app, {
    bus: services.bus,
    isLive: (identity) =>
      'guestId' in identity ? services.guests.mayTakePart(identity.guestId) : sessions.isLive(identity.sessionId),
    onSessionsEnded: (listener) => sessions.onEnded(listener),
    relaySignal: (sender, signal) => services.meetings.relaySignal(sender, signal),
    async authenticate(accessToken) {
      if (accessToken.startsWith(guestTokenPrefix)) {
        const guestId = await services.guests.identify(accessToken);
        if (!guestId) throw unauthorized();
        return { guestId };
      }
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
  realtime.openSockets = hub.openSockets;
  await paymentWebhookRoute(app, services.payments);
  // The sandbox processor started with the app delivers its events to the endpoint in this process.
  services.paymentSandbox?.deliverTo(async (payload, headers) => {
    const response = await app.inject({ method: 'POST', url: '/api/payment/webhook', payload, headers });
    return response.statusCode;
  });
  registerFileDownload(app, services.files, contextHook('signedIn', authenticate), { db, now });
  registerMessageAttachmentDownload(app, services.messages, contextHook('signedIn', authenticate), { db, now });
  await registerFhir(app, {
    fhir: services.fhir,
    clients: services.fhirClients,
    exports: services.fhirExports,
    authenticate,
    base: `${config.publicUrl}/fhir/R4`,
  });
  await registerWeb(app, config.webDist, config.patientWebDist);
  // The demo patients' devices upload a year of records through the ingest endpoint itself.
  for (const member of demoMembers) await simulateDevice({ transport: inProcessTransport(app), ...member });
  if (overrides.startJobs !== false) services.jobs.start(scheduleRules.jobIntervalMs);
  return app;
}

/** Every contract endpoint bound to the service call that answers it. */
function contractRoutes(services: Services) {
  return [
    ...userRoutes(services.users, services.sessions),
    ...accountSecurityRoutes(services.accountSecurity),
    ...secondFactorRoutes(services.secondFactors),
    ...passkeyRoutes(services.passkeys),
    ...managerRoutes(services.managers),
    ...patientRoutes(services.patients, services.records),
    ...managerNoteRoutes(services.notes),
    ...categoryRoutes(services.categories),
    ...storageRoutes(services.files),
    ...exerciseRoutes(services.exercises),
    ...exerciseRecordRoutes(services.exerciseRecords),
    ...patientProgramRoutes(services.programs),
    ...scheduleRoutes(services.schedules),
    ...notificationRoutes(services.pushPublicKey),
    ...meetingRoutes(services.meetings, services.lobby, services.guests),
    ...fhirClientRoutes(services.fhirClients),
    ...reportRoutes(services.reports),
    ...paymentRoutes(services.payments),
    ...receiptRoutes(services.receipts),
    ...boardRoutes(services.board),
    ...monitoringRoutes(services.monitoring),
    ...monitoringBillingRoutes(services.monitoringBilling),
    ...monitoringConsentRoutes(services.monitoringConsents),
    ...questionnaireRoutes(services.questionnaires),
    ...messageRoutes(services.messages),
  ];
}
