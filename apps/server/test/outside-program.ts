import { spawnSync } from 'node:child_process';

/**
 * Whether an outside program that a test drives (Debian's caddy, promtool, turnserver) is on the
 * PATH. Missing, the test is skipped with a message naming the install line, so `npm test` passes
 * on a machine without it; with REQUIRE_OUTSIDE_PROGRAMS=1 (as CI sets) a missing one fails instead.
 */
export function outsideProgram(program: string, debianPackage: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
  if (found) return true;
  const message = `${program} is not installed: apt-get install ${debianPackage}`;
  if (process.env.REQUIRE_OUTSIDE_PROGRAMS === '1') throw new Error(message);
  process.stderr.write(`Skipping the tests that need ${program}. ${message}\n`);
  return false;
}
