import { reloadSiteRoot } from '../shared/navigation/navigate.ts';
import { shouldReloadAfterChunkError } from './chunk-loading.ts';

const lastReloadKey = 'chunkReloadAt';

function lastReloadAt(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(lastReloadKey));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** False when the site root was just reloaded for the same reason, so reloading again would loop. */
export function mayReloadAfterChunkError(): boolean {
  return shouldReloadAfterChunkError(Date.now(), lastReloadAt());
}

/** Loads the site root again after a chunk failure, unless that just happened; answers whether it did. */
export function reloadAfterChunkError(): boolean {
  if (!mayReloadAfterChunkError()) return false;
  try {
    sessionStorage.setItem(lastReloadKey, String(Date.now()));
  } catch {
    // Without session storage the loop guard is off; reload anyway.
  }
  reloadSiteRoot();
  return true;
}
