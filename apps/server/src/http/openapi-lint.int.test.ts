import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules without an error or a warning', async () => {
    const document = join(t.dataDir, 'openapi.json');
    await writeFile(document, (await t.app.inject('/api/openapi.json')).body);
    const lint = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', document, '--extends', 'recommended', '--format', 'json'],
      // Offline: no telemetry, no update check.
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(lint.stdout) as { totals: Record<string, number>; problems: { message: string }[] };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
