import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the embedded setup', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', demo: true, databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns demo data off by default on PostgreSQL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db.example/clinic' }).demo).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://db.example/clinic', DEMO: '1' }).demo).toBe(true);
  });

  it('migrates PostgreSQL as the owner when given one, and only with the app connection', () => {
    const owner = 'postgres://owner@db.example/clinic';
    expect(
      parseConfig({ DATABASE_URL: 'postgres://clinic_app@db.example/clinic', MIGRATION_DATABASE_URL: owner }),
    ).toMatchObject({ databaseUrl: 'postgres://clinic_app@db.example/clinic', migrationDatabaseUrl: owner });
    expect(() => parseConfig({ MIGRATION_DATABASE_URL: owner })).toThrow(/MIGRATION_DATABASE_URL/);
  });

  it('reads a secret from the file its _FILE variable names, as orchestrators mount them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'clinic-config-'));
    try {
      const secretFile = join(folder, 'auth_secret');
      writeFileSync(secretFile, `${'s'.repeat(40)}\n`);
      expect(parseConfig({ AUTH_SECRET_FILE: secretFile }).authSecret).toBe('s'.repeat(40));
      expect(() => parseConfig({ AUTH_SECRET_FILE: secretFile, AUTH_SECRET: 'x'.repeat(40) })).toThrow(
        'set AUTH_SECRET or AUTH_SECRET_FILE, not both',
      );
      expect(() => parseConfig({ TURN_SECRET_FILE: join(folder, 'missing') })).toThrow(
        `TURN_SECRET_FILE: cannot read ${join(folder, 'missing')}`,
      );
      writeFileSync(secretFile, 'short');
      expect(() => parseConfig({ AUTH_SECRET_FILE: secretFile })).toThrow(/AUTH_SECRET/);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });

  it('keeps files in S3 when given a bucket, with keys or the SDK’s own credentials', () => {
    expect(parseConfig({}).s3).toBeUndefined();
    expect(parseConfig({ S3_BUCKET: 'clinic-files', S3_REGION: 'eu-central-1' }).s3).toEqual({
      bucket: 'clinic-files',
      region: 'eu-central-1',
      endpoint: undefined,
      credentials: undefined,
    });
    expect(
      parseConfig({
        S3_BUCKET: 'clinic-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(() => parseConfig({ S3_BUCKET: 'clinic-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
    expect(() => parseConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/need S3_BUCKET/);
  });

  it('sizes the PostgreSQL pools as told', () => {
    expect(parseConfig({})).toMatchObject({ databasePoolSize: 10, databaseLockPoolSize: 5 });
    expect(parseConfig({ DATABASE_POOL_SIZE: '40', DATABASE_LOCK_POOL_SIZE: '8' })).toMatchObject({
      databasePoolSize: 40,
      databaseLockPoolSize: 8,
    });
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('fails fast naming each bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', SMTP_URL: 'http://mail' })).toThrow(/PORT.*SMTP_URL/);
  });

  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };

  it('pays through the sandbox on its own port by default, through Stripe when told, and then needs its keys', () => {
    expect(parseConfig({}).payments).toEqual({ gateway: 'sandbox', port: 3010 });
    expect(parseConfig({ PAYMENT_SANDBOX_PORT: '0' }).payments).toEqual({ gateway: 'sandbox', port: 0 });
    expect(() => parseConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(parseConfig({ PAYMENT_GATEWAY: 'stripe', ...stripeKeys }).payments).toEqual({
      gateway: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_1',
      apiUrl: 'https://api.stripe.com',
    });
    expect(() => parseConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    expect(() => parseConfig({ PAYMENT_GATEWAY: 'stripe', ...stripeKeys, STRIPE_API_URL: 'ftp://x' })).toThrow(
      /STRIPE_API_URL/,
    );
  });

  it('sends the Stripe secret key over plain http only to this machine', () => {
    const stripe = (url: string) =>
      parseConfig({ PAYMENT_GATEWAY: 'stripe', ...stripeKeys, STRIPE_API_URL: url }).payments;
    for (const url of [
      'http://127.0.0.1:12111',
      'http://[::1]:12111',
      'http://localhost:12111',
      'https://stripe.example',
    ])
      expect(stripe(url)).toMatchObject({ apiUrl: url });
    for (const url of ['http://api.stripe.com', 'http://10.0.0.5', 'http://localhost.example.com'])
      expect(() => stripe(url), url).toThrow(/STRIPE_API_URL/);
  });
});
