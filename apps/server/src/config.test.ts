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

  it('fails fast naming each bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', SMTP_URL: 'http://mail' })).toThrow(/PORT.*SMTP_URL/);
  });
});
