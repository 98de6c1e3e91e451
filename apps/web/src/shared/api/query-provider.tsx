import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './query-client.ts';

/** The app's query cache for what is drawn inside; the login screen itself draws none of it. */
export function QueryProvider({ children }: { children: ReactNode }): ReactElement {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The routes that read or change data through queries: signed in, sign-up and recovery. */
export function Component(): ReactElement {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
