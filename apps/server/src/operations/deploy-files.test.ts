import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configurationVariables, parseConfig } from '../config.ts';

/**
 * The container recipes cannot be built here (no base images), so they are held to what can be
 * checked: they run what `npm start` and `npm run migrate` run, and name only variables the
 * configuration knows, with values it accepts.
 */
const root = resolve(import.meta.dirname, '../../../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const appServices = Object.entries(compose.services).filter(([, service]) => service.image === 'clinic');

/** The image's start command, from the Dockerfile's last CMD. */
function dockerCommand(): string {
  const cmd = read('Dockerfile')
    .split('\n')
    .filter((line) => line.startsWith('CMD '))
    .at(-1);
  return (JSON.parse(cmd?.slice(4) ?? '[]') as string[]).join(' ');
}

/** A plausible value for each secret file the recipes mount. */
const secretValues: Record<string, string> = {
  database_url: 'postgres://clinic_app:app-password@postgres:5432/clinic',
  migration_database_url: 'postgres://clinic_owner:owner-password@postgres:5432/clinic',
  auth_secret: 'a'.repeat(64),
  audit_key: 'd'.repeat(64),
  s3_secret_key: 'b'.repeat(64),
  turn_secret: 'c'.repeat(64),
  stripe_secret_key: 'sk_live_0123456789abcdef',
  stripe_webhook_secret: 'whsec_0123456789abcdef',
};

describe('the container recipes', () => {
  it('start the server as npm start does, and migrate as npm run migrate does', () => {
    expect(dockerCommand()).toBe(scripts.start?.split('&&').at(-1)?.trim());
    for (const [, service] of appServices.filter(([name]) => name !== 'migrate'))
      expect(service.command).toBeUndefined();
    expect(compose.services.migrate?.command?.join(' ')).toBe(scripts.migrate);
  });

  it('name only variables the configuration knows, with values it accepts', () => {
    const dockerVariables = [...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((match) =>
      match[1]!.split(' ').map((pair) => pair.split('=')[0]),
    );
    expect(configurationVariables).toEqual(expect.arrayContaining(dockerVariables));
    const folder = mkdtempSync(join(tmpdir(), 'clinic-secrets-'));
    try {
      for (const [name, value] of Object.entries(secretValues)) writeFileSync(join(folder, name), `${value}\n`);
      for (const [name, service] of appServices) {
        const environment = service.environment ?? {};
        expect(configurationVariables, name).toEqual(expect.arrayContaining(Object.keys(environment)));
        // Compose's own ${VARIABLE}s filled in, and each secret where the service mounts it.
        const filled = Object.fromEntries(
          Object.entries(environment).map(([key, value]) => [
            key,
            value
              .replaceAll('${CLINIC_DOMAIN}', 'clinic.example.com')
              .replaceAll('${SMTP_URL}', 'smtp://relay.example.com:587')
              .replaceAll('${STRIPE_PUBLISHABLE_KEY}', 'pk_live_0123456789abcdef')
              .replace(/^\/run\/secrets\//, `${folder}/`),
          ]),
        );
        for (const secret of service.secrets ?? []) expect(Object.keys(compose.secrets)).toContain(secret);
        const config = parseConfig(filled);
        // The instances take payments through Stripe: the sandbox processor is one process's, on a
        // port Caddy does not serve.
        if (name !== 'migrate') expect(config.payments.gateway, name).toBe('stripe');
      }
    } finally {
      rmSync(folder, { recursive: true });
    }
  });

  it('give Caddy the variables its configuration reads, and no other', () => {
    const placeholders = [
      ...`${read('deploy/Caddyfile')}${read('deploy/clinic.caddy')}`.matchAll(/\{\$(\w+)(:[^}]*)?\}/g),
    ];
    const given = Object.keys(compose.services.caddy?.environment ?? {});
    expect(placeholders.map((match) => match[1])).toEqual(expect.arrayContaining(given));
    const required = placeholders.filter((match) => match[2] === undefined).map((match) => match[1]);
    expect(given).toEqual(expect.arrayContaining(required));
  });
});
