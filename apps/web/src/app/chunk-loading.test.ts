import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk, shouldReloadAfterChunkError } from './chunk-loading.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('passes a loaded module through', async () => {
    const onFailure = vi.fn();
    await expect(loadChunk(() => Promise.resolve({ Component: 'x' }), 1000, onFailure)).resolves.toEqual({
      Component: 'x',
    });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('turns a failed import into a chunk error and reports it', async () => {
    const onFailure = vi.fn();
    const loading = loadChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/home.js')),
      1000,
      onFailure,
    );
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const onFailure = vi.fn();
    const loading = loadChunk(() => new Promise<never>(() => undefined), 120_000, onFailure);
    const outcome = expect(loading).rejects.toMatchObject({ timedOut: true });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('slow', true))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('text')).toBe(false);
  });
});

describe('shouldReloadAfterChunkError', () => {
  it('reloads unless it just did', () => {
    expect(shouldReloadAfterChunkError(50_000, undefined)).toBe(true);
    expect(shouldReloadAfterChunkError(50_000, 45_000)).toBe(false);
    expect(shouldReloadAfterChunkError(50_000, 30_000)).toBe(true);
  });
});
