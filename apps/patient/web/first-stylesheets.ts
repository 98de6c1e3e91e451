/**
 * The page's own stylesheets sit after the app's mark in its HTML, so the mark is drawn before they
 * load (vite.config.ts); the app's code runs once they have loaded. Every stylesheet loaded later is
 * added to the head, and Mantine's component styles must come after those of the components they
 * build on, so the page's own move to the start of the head first of all: evaluated before any other
 * module of the app (main.tsx imports it first), before any later stylesheet is asked for.
 */
const pageStylesheets = [...document.body.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
document.head.prepend(...pageStylesheets);

/** Chromium keeps a moved stylesheet applied; an engine that loads it again is waited for. */
export const pageStylesheetsApplied: Promise<unknown> = Promise.all(
  pageStylesheets
    .filter((link) => link.sheet === null)
    .map(
      (link) =>
        new Promise((settle) => {
          link.addEventListener('load', settle, { once: true });
          link.addEventListener('error', settle, { once: true });
        }),
    ),
);
