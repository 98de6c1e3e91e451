import { client } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths, segments } from '../config/paths.ts';
import { startLinkCapture } from '../features/auth/link-token.ts';
import { loadSignedInStrings } from '../shared/i18n/i18n.ts';
import { registerNavigator } from '../shared/navigation/navigate.ts';
import { hasAccessToken } from '../shared/session/auth-store.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { AppFrame } from './app-frame.tsx';
import { loadChunk } from './chunk-loading.ts';
import { requirePatientId, requirePaymentResult, requireSession, type GuardResult } from './guards.ts';
import { LoginLayout } from './layout/login-layout.tsx';
import { NotYetAvailable } from './routes/not-yet-available.tsx';
import { RouteError } from './route-error.tsx';

interface ScreenModule {
  Component: ComponentType;
}

/** A screen in its own chunk; a failed or slow (120 s) load ends in the error screen, which reloads the root. */
function screen(load: () => Promise<ScreenModule>): () => Promise<ScreenModule> {
  return async () => {
    const module = await loadChunk(load, client.chunkLoadTimeoutMs);
    return { Component: module.Component };
  };
}

/** A signed-in screen is drawn once the signed-in strings of its language are there too. */
async function signedIn<T>(load: Promise<T>): Promise<T> {
  // A signed-in screen calls the server at once: its HTTP client loads beside it, not after it.
  void import('@clinic/client/http-client').catch(() => undefined);
  // The first date format loads the locale's and time zone's data, tens of milliseconds on a phone:
  // done in its own task while the screen's code downloads, rather than inside the screen's first render.
  setTimeout(browserTimeZone, 0);
  const [module] = await Promise.all([load, loadSignedInStrings()]);
  return module;
}

function guard(check: (url: URL) => GuardResult) {
  return ({ request }: LoaderFunctionArgs): Response | null => {
    const to = check(new URL(request.url));
    return to ? redirect(to) : null;
  };
}

const homeScreen = screen(() => import('./routes/home.tsx'));
const queryRoutes = screen(() => import('../shared/api/query-provider.tsx'));

/**
 * A loader that asks for a screen's first data while the screen's chunks load rather than after
 * its first render; the screen asks again if this fails.
 */
function prefetch(start: () => Promise<unknown>): () => null {
  return () => {
    if (hasAccessToken()) start().catch(() => undefined);
    return null;
  };
}
const prefetchHome = prefetch(() =>
  Promise.all([
    import('../features/monitoring/api/monitoring.ts').then((module) => module.prefetchMonitoringAlerts()),
    import('../features/schedules/api/get-schedules-in-range.ts').then((module) => module.prefetchFirstSchedules()),
  ]),
);
const prefetchShell = prefetch(() =>
  import('../features/payments/api/get-subscription-status.ts').then((module) => module.prefetchSubscriptionStatus()),
);
const requireSignedIn = guard((url) => requireSession(url, hasAccessToken()));
const prefetchPatientList = prefetch(() =>
  import('../shared/api/my-patients.ts').then((module) => module.prefetchMyPatients()),
);
const later = <NotYetAvailable />;
const patientIdGuard = guard(requirePatientId);

/** The patient tabs built so far; any other leads home until it works. */
const builtTabs: Partial<Record<(typeof segments.patientDetailsTabs)[number], () => Promise<ScreenModule>>> = {
  [segments.patientDetailsInfo]: screen(() => import('./routes/patient-info.tsx')),
  [segments.patientDetailsCondition]: screen(() => import('./routes/patient-condition.tsx')),
  [segments.patientDetailsNote]: screen(() => import('./routes/patient-note.tsx')),
  [segments.patientDetailsRemote]: screen(() => import('./routes/patient-remote.tsx')),
  [segments.patientDetailsRecord]: screen(() => import('./routes/patient-record.tsx')),
  [segments.patientDetailsCategories]: screen(() => import('./routes/patient-categories.tsx')),
  [segments.patientDetailsRehab]: screen(() => import('./routes/patient-rehab.tsx')),
  [segments.patientDetailsHistory]: screen(() => import('./routes/patient-history.tsx')),
  [segments.patientDetailsSymptoms]: screen(() => import('./routes/patient-symptoms.tsx')),
  [segments.patientDetailsMessages]: screen(() => import('./routes/patient-messages.tsx')),
  [segments.patientDetailsReport]: screen(() => import('./routes/patient-report.tsx')),
};

export const routes: RouteObject[] = [
  {
    id: 'frame',
    element: <AppFrame />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // The query cache loads with the first screen that reads data, beside that screen's chunks.
        lazy: queryRoutes,
        children: [
          {
            id: 'root',
            path: paths.home,
            loader: (args) => requireSignedIn(args) ?? prefetchShell(),
            // Its own chunk: the login page does not load the signed-in header, menu and bell.
            lazy: screen(async () => ({
              Component: (await signedIn(import('./layout/shell-layout.tsx'))).ShellLayout,
            })),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, loader: prefetchHome, lazy: homeScreen },
                  { path: segments.appointments, loader: prefetchHome, lazy: homeScreen },
                  {
                    path: segments.patientList,
                    loader: prefetchPatientList,
                    // Sorting and filtering change only the search params: the list is read when it opens.
                    shouldRevalidate: () => false,
                    lazy: screen(() => import('./routes/patient-list.tsx')),
                  },
                  {
                    path: segments.patientDetails,
                    loader: patientIdGuard,
                    lazy: screen(() => import('./routes/patient-details.tsx')),
                    children: [
                      {
                        index: true,
                        loader: patientIdGuard,
                        lazy: screen(() => import('./routes/patient-dashboard.tsx')),
                      },
                      ...segments.patientDetailsTabs.map((tab) => ({
                        path: tab,
                        loader: patientIdGuard,
                        ...(builtTabs[tab] ? { lazy: builtTabs[tab] } : { element: later }),
                      })),
                    ],
                  },
                  { path: segments.messages, lazy: screen(() => import('./routes/messages.tsx')) },
                  { path: segments.rehab, lazy: screen(() => import('./routes/rehab.tsx')) },
                  { path: segments.options, lazy: screen(() => import('./routes/options.tsx')) },
                  {
                    path: segments.payments,
                    children: [
                      { index: true, lazy: screen(() => import('./routes/payments.tsx')) },
                      { path: segments.paymentInfo, lazy: screen(() => import('./routes/payment-info.tsx')) },
                      {
                        path: segments.paymentResult,
                        loader: guard(requirePaymentResult),
                        lazy: screen(() => import('./routes/payment-result.tsx')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            path: paths.remote,
            loader: requireSignedIn,
            errorElement: <RouteError />,
            lazy: screen(() => signedIn(import('./routes/remote.tsx'))),
          },
          {
            path: paths.remotePhotos,
            loader: requireSignedIn,
            errorElement: <RouteError />,
            lazy: screen(() => signedIn(import('./routes/remote-photos.tsx'))),
          },
          {
            path: paths.receipt,
            loader: requireSignedIn,
            errorElement: <RouteError />,
            lazy: screen(() => signedIn(import('./routes/receipt.tsx'))),
          },
        ],
      },
      {
        path: paths.login,
        element: <LoginLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: screen(() => import('./routes/login.tsx')) },
              {
                lazy: queryRoutes,
                children: [
                  { path: segments.findPassword, lazy: screen(() => import('./routes/find-password.tsx')) },
                  { path: segments.signUp, lazy: screen(() => import('./routes/sign-up.tsx')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

// Mailed link tokens leave the address bar before the router reads it.
startLinkCapture();

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's router. Making it reads the address and starts the first screen's loaders. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  registerNavigator((to, options) => router.navigate(to, { replace: options?.replace ?? false }));
  return router;
}
