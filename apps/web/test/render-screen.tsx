import { configure, render, type RenderResult } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Providers } from '../src/app/providers.tsx';
import { queryClient } from '../src/shared/api/query-client.ts';
import { QueryProvider } from '../src/shared/api/query-provider.tsx';
import { i18nReady, loadSignedInStrings } from '../src/shared/i18n/i18n.ts';
import type { FakeApi } from './fake-api.ts';

/**
 * A screen's first draw loads its chunks and strings, which takes seconds on a busy machine: each
 * wait for the page (findBy…, waitFor) and each test may take that long.
 */
configure({ asyncUtilTimeout: 10_000 });
export const screenTestTimeout = 30_000;

/** Where a screen led: the path and query of any other route. */
function Elsewhere(): string {
  const location = useLocation();
  return `elsewhere: ${location.pathname}${location.search}`;
}

/**
 * Draws a route's screen, in English, at its path as the app's providers and query routes do, with the page's API
 * calls served by the fake. Any other path draws "elsewhere: <path>".
 */
export async function renderScreen(
  path: string,
  Screen: ComponentType,
  api: FakeApi,
  { signedIn = false }: { signedIn?: boolean } = {},
): Promise<RenderResult> {
  window.fetch = api.fetch;
  queryClient.clear();
  await i18nReady;
  if (signedIn) await loadSignedInStrings();
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://localhost').pathname, Component: Screen },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Providers>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </Providers>,
  );
}
