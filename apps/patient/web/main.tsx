import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { i18nReady } from './i18n/i18n.ts';

function render(): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The first screen is drawn in its language, never as bare keys; a language file that fails to load still
// leaves a working app (the keys are shown rather than a blank page).
void i18nReady.then(render, render);
