import { afterEach, expect } from 'vitest';

/**
 * pg only warns, once a process, when a query is sent on a client still running another (two
 * queries of one transaction at once); its next major version refuses them. The test that did it
 * fails here. The files share one process (vitest.config.ts), so the listener is added once.
 */
const key = Symbol.for('clinic.test.concurrentQueries');
const kept = globalThis as { [key]?: string[] };
const concurrentQueries = (kept[key] ??= (() => {
  const found: string[] = [];
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('pg@9')) found.push(warning.message);
  });
  return found;
})());
afterEach(() => {
  expect(concurrentQueries.splice(0)).toEqual([]);
});
