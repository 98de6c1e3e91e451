import { paths } from '../config/paths.ts';

/**
 * Home's page: the paths the server sends it for, and the modules the router imports at once there (the
 * screen, the shell, the query cache, the HTTP client of a signed-in screen, the modules of the routes'
 * loaders), each relative to the app or, in a workspace package, to the repository. The build names
 * their chunks in the page (vite-page-preloads.ts); first-load.test.ts fails when router.tsx imports
 * other modules at these paths. Read by the build, never by the app.
 */
export const homeFirstLoad = {
  paths: [paths.home, paths.appointments],
  // The screen first, then its frame and the data it asks for at once.
  modules: [
    'src/app/routes/home.tsx',
    'src/app/layout/shell-layout.tsx',
    'src/shared/api/query-provider.tsx',
    'packages/client/src/http-client.ts',
    'src/features/monitoring/api/monitoring.ts',
    'src/features/schedules/api/get-schedules-in-range.ts',
    'src/features/payments/api/get-subscription-status.ts',
  ],
  // The shell waits for the signed-in part of the strings (router.tsx, `signedIn`).
  signedIn: true,
} as const;
