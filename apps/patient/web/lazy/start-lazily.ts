/**
 * Starts what `load` brings once it has loaded, unless stopped before; returns the stop. The
 * signed-in app's background parts (the socket, the outbox) start so, after its first screen's code.
 */
export function startLazily<Module>(load: () => Promise<Module>, start: (module: Module) => () => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  load().then(
    (module) => {
      if (!stopped) stop = start(module);
    },
    // Not reached (offline before the app was ever cached): the next start tries again.
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
