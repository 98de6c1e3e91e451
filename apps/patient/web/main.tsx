// First of the app's modules: it puts the page's stylesheets before any other (first-stylesheets.ts).
import { pageStylesheetsApplied } from './first-stylesheets.ts';
// Mantine's global styles; each component's own CSS comes with it (apps/web/vite-mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { i18nReady } from './i18n/i18n.ts';

// The development server serves Mantine pre-bundled, so it gets every stylesheet at once.
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/notifications/styles.css');
}

function render(): void {
  const container = document.getElementById('root');
  if (!container) return;
  // In a transition, the first render runs in slices rather than one long task.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The first screen is drawn in its language, never as bare keys, and styled; a language file that fails to
// load still leaves a working app (the keys are shown rather than a blank page).
void Promise.allSettled([i18nReady, pageStylesheetsApplied]).then(render);
