// First of the app's modules: it puts the page's stylesheets before any other (first-stylesheets.ts).
import { pageStylesheetsApplied } from './app/first-stylesheets.ts';
// Mantine's global styles; each component's own CSS comes with it (vite-mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter, type AppRouter } from './app/router.tsx';
import { i18nReady } from './shared/i18n/i18n.ts';

// The development server serves Mantine pre-bundled, so it gets every stylesheet at once.
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/dates/styles.css');
  void import('@mantine/notifications/styles.css');
}

function render(router: AppRouter): void {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  // A transition renders in slices that leave the main thread free between them, rather than in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

// The router starts the first screen's loaders in a task after the one that ran the code: on a slow phone
// the two together would hold the main thread long enough to delay a tap.
setTimeout(() => {
  const router = createAppRouter();
  // The first screen is drawn in its language, never as bare keys; a language file that fails to load still
  // leaves a working app (the keys are shown rather than a blank page).
  void Promise.allSettled([i18nReady, pageStylesheetsApplied]).then(() => render(router));
});
