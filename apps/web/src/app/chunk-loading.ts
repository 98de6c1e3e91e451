/** A screen's code chunk that failed to load or took too long. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  constructor(message: string, timedOut: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.timedOut = timedOut;
  }
}

const chunkErrorPattern =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && chunkErrorPattern.test(`${error.name} ${error.message}`);
}

/** Loads a chunk; a rejection or a load longer than `timeoutMs` becomes a ChunkLoadError (and calls `onFailure`). */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number,
  onFailure?: (error: ChunkLoadError) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (error: ChunkLoadError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      onFailure?.(error);
      reject(error);
    };
    const timer = setTimeout(() => fail(new ChunkLoadError('Loading the screen took too long.', true)), timeoutMs);
    load().then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) =>
        fail(
          new ChunkLoadError(error instanceof Error ? error.message : 'The screen could not be loaded.', false, {
            cause: error,
          }),
        ),
    );
  });
}

/** Reloading again within this window would loop, so the error screen is shown instead. */
export const reloadLoopWindowMs = 10_000;

export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | undefined): boolean {
  return lastReloadAt === undefined || now - lastReloadAt > reloadLoopWindowMs || now < lastReloadAt;
}
