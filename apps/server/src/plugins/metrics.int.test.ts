import { spawn } from 'node:child_process';
import { login } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician, callApi } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { outsideProgram } from '../../test/outside-program.ts';

const token = 'metrics-scraper-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token } });
});
afterAll(() => t?.close());

const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });

/** The value of one series in an exposition, or undefined. */
function valueOf(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** What Prometheus's own checker says of an exposition (`promtool check metrics`, Debian's package). */
function promtoolCheck(exposition: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const checker = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    checker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    checker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    checker.on('error', fail).on('close', (code) => done({ code, output }));
    checker.stdin.end(exposition);
  });
}

describe('GET /metrics', () => {
  it('answers only the scraper holding the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await scrape()).statusCode).toBe(200);
    const without = await createTestApp();
    try {
      expect((await without.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await without.close();
    }
  });

  it('counts requests, job runs and what is open, a request moving its route’s counter', async () => {
    const series = 'clinic_http_requests_total{method="POST",route="/api/user/login",status="200"}';
    const before = valueOf((await scrape()).body, series) ?? 0;
    const clinician = await verifiedClinician(t.app, t.mail);
    await callApi(t.app, login, {
      userEmail: clinician.body.userEmail,
      userPassword: clinician.body.userPassword,
    });
    await t.app.jobs.tick();
    const exposition = (await scrape()).body;
    // verifiedClinician logs in once as well.
    expect(valueOf(exposition, series)).toBe(before + 2);
    expect(exposition).toContain(
      'clinic_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/user/login",status="200"}',
    );
    for (const job of ['abandoned meetings', 'schedules', 'renewals', 'mail'])
      expect(valueOf(exposition, `clinic_job_runs_total{job="${job}",outcome="success"}`)).toBeGreaterThanOrEqual(1);
    expect(valueOf(exposition, 'clinic_mail_queue_pending')).toBe(0);
    expect(valueOf(exposition, 'clinic_realtime_sockets_open')).toBe(0);
    expect(valueOf(exposition, 'clinic_calls_in_progress')).toBe(0);
    expect(exposition).toContain('process_resident_memory_bytes');
    if (process.env.DATABASE_URL)
      expect(exposition).toContain('clinic_db_pool_connections{pool="queries",state="total"}');
  });

  it.skipIf(!outsideProgram('promtool', 'prometheus'))('is valid Prometheus exposition', async () => {
    await t.app.jobs.tick();
    const check = await promtoolCheck((await scrape()).body);
    expect(check, check.output).toEqual({ code: 0, output: '' });
  });
});
