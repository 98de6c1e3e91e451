import { timingSafeEqual } from 'node:crypto';
import { and, count, gte, isNotNull, isNull, lt, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { mailQueue, meeting } from '../db/schema.ts';
import { mailMaxAttempts } from '../mail/mail-queue.repository.ts';
import type { AuditCheckpoint } from '../modules/audit/index.ts';

interface MetricSources {
  database: DatabaseHandle;
  now: Clock;
  openSockets: () => number;
}

/** What the app's parts count as they work (the rest is read at each scrape), and GET /metrics. */
export interface Metrics {
  jobRun: (job: string, outcome: 'success' | 'failure') => void;
  /** Serves GET /metrics; its hook counts the requests of routes registered after it. */
  register: (app: FastifyInstance, sources: MetricSources) => void;
}

/** What the metrics read of the app's own services. */
interface ServiceSources {
  /** The newest checkpoint of the audit trail that the audit key signed. */
  auditCheckpoint: () => Promise<AuditCheckpoint | undefined>;
}

/**
 * Metrics exist only when someone may read them, a scraper holding METRICS_TOKEN: process metrics
 * sample the event loop all the time. Without the token nothing is counted and there is no
 * /metrics. Each app has a registry of its own (tests build several apps in one process).
 */
export function createMetrics(token: string | undefined, services: ServiceSources): Metrics {
  if (!token) return { jobRun: () => undefined, register: () => undefined };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges that prom-client names like counters, which Prometheus's lint refuses; the event loop,
  // memory and handle counts by type remain.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
  const jobRuns = new Counter({
    name: 'clinic_job_runs_total',
    help: 'Background job runs on this instance, by job and outcome (failure: it threw).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  registerAuditCheckpoint(registry, services.auditCheckpoint);
  return {
    jobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    register: (app, sources) => registerMetrics(app, token, registry, sources),
  };
}

/**
 * The newest signed checkpoint of the audit trail, read from the database at each scrape (0 before
 * the first): kept by Prometheus, its history shows a trail that shrank or stopped being signed.
 */
function registerAuditCheckpoint(registry: Registry, newest: ServiceSources['auditCheckpoint']): void {
  const gauges: [string, string, (checkpoint: AuditCheckpoint) => number][] = [
    ['rows', 'Rows of the audit trail up to its newest signed checkpoint.', (checkpoint) => checkpoint.rows],
    [
      'last_id',
      'The audit_event id of the last row of the newest signed checkpoint.',
      (checkpoint) => checkpoint.lastId,
    ],
    [
      'timestamp_seconds',
      'When the newest checkpoint of the audit trail was signed (Unix time).',
      (checkpoint) => new Date(checkpoint.at).getTime() / 1000,
    ],
  ];
  for (const [field, help, valueOf] of gauges) {
    new Gauge({
      name: `clinic_audit_checkpoint_${field}`,
      help,
      registers: [registry],
      async collect() {
        const checkpoint = await newest();
        this.set(checkpoint ? valueOf(checkpoint) : 0);
      },
    });
  }
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN: requests by route
 * and status, the database pool, the mail queue, open realtime sockets, calls in progress, and the
 * process. Mail and calls are counted in the database, so every instance reports the same totals.
 */
function registerMetrics(app: FastifyInstance, token: string, registry: Registry, sources: MetricSources): void {
  const { db } = sources.database;
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'clinic_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'clinic_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the path: ids in paths would make a series per record.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const { poolStats } = sources.database;
  if (poolStats) {
    new Gauge({
      name: 'clinic_db_pool_connections',
      help: 'PostgreSQL connections of this instance, by pool (queries, locks) and state.',
      labelNames: ['pool', 'state'],
      registers: [registry],
      collect() {
        for (const [pool, stats] of Object.entries(poolStats())) {
          this.set({ pool, state: 'total' }, stats.total);
          this.set({ pool, state: 'idle' }, stats.idle);
          this.set({ pool, state: 'waiting' }, stats.waiting);
        }
      },
    });
  }
  new Gauge({
    name: 'clinic_mail_queue_pending',
    help: 'Mails waiting to be sent (queued or to be tried again).',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ value: count() }).from(mailQueue).where(lt(mailQueue.attempts, mailMaxAttempts));
      this.set(row?.value ?? 0);
    },
  });
  new Gauge({
    name: 'clinic_mail_queue_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting to be sent; 0 when none waits.',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ oldest: min(mailQueue.createdAt) })
        .from(mailQueue)
        .where(lt(mailQueue.attempts, mailMaxAttempts));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      this.set(oldest === undefined ? 0 : Math.max(0, (sources.now().getTime() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'clinic_mail_dead',
    help: 'Mails given up after every attempt or refused for good by the mail server.',
    registers: [registry],
    async collect() {
      const [row] = await db.select({ value: count() }).from(mailQueue).where(gte(mailQueue.attempts, mailMaxAttempts));
      this.set(row?.value ?? 0);
    },
  });
  new Gauge({
    name: 'clinic_realtime_sockets_open',
    help: 'Realtime WebSockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Gauge({
    name: 'clinic_calls_in_progress',
    help: 'Video visits whose call has started and not ended.',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ value: count() })
        .from(meeting)
        .where(and(isNull(meeting.closedAt), isNotNull(meeting.heartbeatAt)));
      this.set(row?.value ?? 0);
    },
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send();
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
