/**
 * Resolves once the page has loaded and then has an idle moment: the signed-in app's background parts
 * (the socket, the outbox, the push switch) start so, after the first screen's own work rather than
 * beside it. Safari has no requestIdleCallback: there a timeout after the load stands in for it.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (): void => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Starts what `load` brings once the page is idle (whenIdle) and it has loaded, unless stopped before;
 * returns the stop.
 */
export function startLazily<Module>(load: () => Promise<Module>, start: (module: Module) => () => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  whenIdle()
    .then(() => (stopped ? undefined : load()))
    .then(
      (module) => {
        if (module !== undefined && !stopped) stop = start(module);
      },
      // Not reached (offline before the app was ever cached): the next start tries again.
      () => undefined,
    );
  return () => {
    stopped = true;
    stop?.();
  };
}
