import { keepAlive } from '@clinic/contract';
import { callApi, lastApiRequestAt } from '../api/api-client.ts';

/** The server ends a session after 1800 s without requests; activity in the browser alone is not seen. */
export const keepAliveAfterMs = 5 * 60 * 1000;

/**
 * Whether browser activity should tell the server the clinician is still there: no request for
 * `keepAliveAfterMs` and no keep-alive attempt within that time either (throttled).
 */
export function isKeepAliveDue(now: number, lastRequestAt: number, lastAttemptAt: number): boolean {
  return now - lastRequestAt >= keepAliveAfterMs && now - lastAttemptAt >= keepAliveAfterMs;
}

let lastAttemptAt = 0;

/** Called on recorded activity: sends `keepAlive` when no request was made for five minutes. */
export function keepServerSessionAlive(now: number = Date.now()): void {
  if (!isKeepAliveDue(now, lastApiRequestAt(), lastAttemptAt)) return;
  lastAttemptAt = now;
  callApi(keepAlive, {}, { silent: true }).catch(() => {
    // The next API call tells the clinician if the session is gone.
  });
}
