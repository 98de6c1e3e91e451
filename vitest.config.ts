import { defineConfig } from 'vitest/config';
import { translationParts } from './apps/web/vite-translation-parts.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's translation parts (login pages / signed in), as in its build.
        plugins: [translationParts()],
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One at a time: on PostgreSQL and Redis files share the advisory locks and the rate limits' keys.
          fileParallelism: false,
          // The files share one module graph: each builds its own app on its own database, and
          // evaluating the server's modules again for every file took a quarter of the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Generous, for a busy two-core machine: a long journey (My page's) took over 120 s there, and a
          // screen over a second to show what a poll waits for.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each with its own server, database and browser (a group of their own, as
          // the other projects take as many workers as the machine has cores).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
