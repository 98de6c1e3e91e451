import { useLayoutEffect, type ReactElement } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }): ReactElement {
  // index.html shows the clinic's mark until the app's first render is on the screen.
  useLayoutEffect(() => document.getElementById('app-loading')?.remove(), []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
