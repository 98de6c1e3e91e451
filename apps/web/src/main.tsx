// Mantine's global styles; each component's own CSS comes with it (vite-mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './shared/i18n/i18n.ts';

// The development server serves Mantine pre-bundled, so it gets every stylesheet at once.
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/dates/styles.css');
  void import('@mantine/notifications/styles.css');
}

function render(): void {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  // A transition renders in slices that leave the main thread free between them, rather than in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The first screen is drawn in its language, never as bare keys; a language file that fails to load still
// leaves a working app (the keys are shown rather than a blank page).
void i18nReady.then(render, render);
