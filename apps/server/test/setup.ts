import { afterEach, expect } from 'vitest';

/**
 * pg only warns, once a process, when a query is sent on a client still running another (two
 * queries of one transaction at once); its next major version refuses them. The test that did it
 * fails here.
 */
const concurrentQueries: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('pg@9'))
    concurrentQueries.push(warning.message);
});
afterEach(() => {
  expect(concurrentQueries.splice(0)).toEqual([]);
});
