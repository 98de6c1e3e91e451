import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;

describe('Node versions', () => {
  it('every installed package runs on the Node the project declares and is tested on', () => {
    const declared = (read('package.json').engines as { node: string }).node;
    const oldest = semver.minVersion(declared)!.version;
    expect(semver.satisfies(process.version, declared)).toBe(true);
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string } }>;
    const refusing = Object.entries(packages).flatMap(([path, entry]) => {
      const wanted = entry.engines?.node;
      if (!path || !wanted) return [];
      const runs = (version: string) => semver.satisfies(version, wanted, { includePrerelease: true });
      return runs(oldest) && runs(process.version) ? [] : [`${path} wants Node ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
