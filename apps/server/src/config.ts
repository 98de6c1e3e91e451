import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { type MonitoringCodeTableName, monitoringCodeTableNames } from '@clinic/contract';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

/** Hosts that never leave this machine (URL.hostname keeps an IPv6 address in brackets). */
const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Every environment variable the server reads, with its default (documented in the README). */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // Connections for queries, and for the advisory locks held across a job's work (per instance).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_LOCK_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('public'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Clinic <no-reply@clinic.localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  SECOND_FACTOR_KEY: z.string().min(32).optional(),
  AUDIT_KEY: z.string().min(32).optional(),
  AUDIT_CHECKPOINT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REQUIRE_MFA: flag,
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().default('support@clinic.localhost'),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The sandbox processor's own port (0: any free one), on HOST.
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  // The secret key goes in every request: plain http only to this machine (a local test server).
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.startsWith('https:') || loopbackHosts.has(new URL(url).hostname), 'http only for loopback')
    .default('https://api.stripe.com'),
  STUN_URLS: z.string().optional(),
  TURN_URLS: z.string().optional(),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  TRUST_PROXY: flag,
  // Who may read GET /metrics (Authorization: Bearer <token>); unset, there is no /metrics.
  METRICS_TOKEN: z.string().min(16).optional(),
  // The billing codes the monitoring sheet shows: a table of the contract, or off outside the US.
  MONITORING_CODES: z.enum(['off', ...monitoringCodeTableNames]).default('us2026'),
  DEMO: flag,
  DEMO_EMAIL: z.email().default('demo@clinic.localhost'),
  DEMO_PASSWORD: z.string().min(8).default('Demo-clinic-2026'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(resolve(import.meta.dirname, '../../web/dist')),
  PATIENT_WEB_DIST: z
    .string()
    .min(1)
    .default(resolve(import.meta.dirname, '../../patient/dist')),
});

/** A comma-separated list, e.g. of stun: or turn: URLs. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The secrets an orchestrator may mount as files: `<NAME>_FILE` names the file holding `<NAME>`. */
const fileSecrets = [
  'DATABASE_URL',
  'MIGRATION_DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'SECOND_FACTOR_KEY',
  'AUDIT_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TURN_SECRET',
  'DEMO_PASSWORD',
  'METRICS_TOKEN',
] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>` (its final line break dropped). */
function withFileSecrets(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const merged = { ...env };
  for (const name of fileSecrets) {
    const path = env[`${name}_FILE`];
    if (path === undefined) continue;
    if (env[name] !== undefined) throw new Error(`Invalid configuration: set ${name} or ${name}_FILE, not both`);
    try {
      merged[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch {
      throw new Error(`Invalid configuration: ${name}_FILE: cannot read ${path}`);
    }
  }
  return merged;
}

/** Every variable the server reads (deployment files may name no other). */
export const configurationVariables: readonly string[] = [
  ...Object.keys(environment.shape),
  ...fileSecrets.map((name) => `${name}_FILE`),
];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
  databaseSchema: string;
  databasePoolSize: number;
  databaseLockPoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  payments:
    | { gateway: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string }
    | { gateway: 'sandbox'; port: number };
  publicUrl: string;
  authSecret: string | undefined;
  /** The key sealing authenticator secrets (generated and kept in the database when unset), and whether clinicians must have a second factor. */
  secondFactor: { key: string | undefined; required: boolean };
  /** The key signing the audit trail's checkpoints (generated once into DATA_DIR when unset), and how often one is signed. */
  audit: { key: string | undefined; checkpointSeconds: number };
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      }
    | undefined;
  trustProxy: boolean;
  metricsToken: string | undefined;
  demo: boolean;
  demoEmail: string;
  demoPassword: string;
  logLevel: 'error' | 'fatal' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDist: string;
  patientWebDist: string;
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined; turnTtlSeconds: number };
  /** The monitoring code table in force; null where the codes are turned off. */
  monitoringCodes: MonitoringCodeTableName | null;
}

/** Parses the environment once and fails fast with a message naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = environment.safeParse(withFileSecrets(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const value = result.data;
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if ((value.S3_ENDPOINT || value.S3_ACCESS_KEY_ID) && !value.S3_BUCKET) {
    throw new Error('Invalid configuration: S3_ENDPOINT and S3 keys need S3_BUCKET');
  }
  if (
    value.PAYMENT_GATEWAY === 'stripe' &&
    !(value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY && value.STRIPE_WEBHOOK_SECRET)
  ) {
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required with PAYMENT_GATEWAY=stripe',
    );
  }
  if (Boolean(value.TURN_URLS) !== Boolean(value.TURN_SECRET)) {
    throw new Error('Invalid configuration: TURN_URLS and TURN_SECRET go together');
  }
  if (value.MIGRATION_DATABASE_URL && !value.DATABASE_URL) {
    throw new Error('Invalid configuration: MIGRATION_DATABASE_URL goes with DATABASE_URL');
  }
  const dataDir = resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    migrationDatabaseUrl: value.MIGRATION_DATABASE_URL,
    databaseSchema: value.DATABASE_SCHEMA,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    databaseLockPoolSize: value.DATABASE_LOCK_POOL_SIZE,
    redisUrl: value.REDIS_URL,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    supportEmail: value.SUPPORT_EMAIL,
    payments:
      value.PAYMENT_GATEWAY === 'stripe' &&
      value.STRIPE_SECRET_KEY &&
      value.STRIPE_PUBLISHABLE_KEY &&
      value.STRIPE_WEBHOOK_SECRET
        ? {
            gateway: 'stripe' as const,
            secretKey: value.STRIPE_SECRET_KEY,
            publishableKey: value.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            apiUrl: value.STRIPE_API_URL,
          }
        : { gateway: 'sandbox' as const, port: value.PAYMENT_SANDBOX_PORT },
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    authSecret: value.AUTH_SECRET,
    secondFactor: { key: value.SECOND_FACTOR_KEY, required: value.REQUIRE_MFA ?? false },
    audit: { key: value.AUDIT_KEY, checkpointSeconds: value.AUDIT_CHECKPOINT_SECONDS },
    s3: value.S3_BUCKET
      ? {
          bucket: value.S3_BUCKET,
          region: value.S3_REGION,
          endpoint: value.S3_ENDPOINT,
          credentials:
            value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    trustProxy: value.TRUST_PROXY ?? false,
    metricsToken: value.METRICS_TOKEN,
    monitoringCodes: value.MONITORING_CODES === 'off' ? null : value.MONITORING_CODES,
    // Demo data is on by default only on the embedded database.
    demo: value.DEMO ?? !value.DATABASE_URL,
    demoEmail: value.DEMO_EMAIL,
    demoPassword: value.DEMO_PASSWORD,
    logLevel: value.LOG_LEVEL,
    webDist: resolve(value.WEB_DIST),
    patientWebDist: resolve(value.PATIENT_WEB_DIST),
    ice: {
      stunUrls: listOf(value.STUN_URLS),
      turnUrls: listOf(value.TURN_URLS),
      turnSecret: value.TURN_SECRET,
      turnTtlSeconds: value.TURN_TTL_SECONDS,
    },
  };
}
