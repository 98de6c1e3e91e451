/** Logs a failure that the clinician need not see (push, realtime, browser storage); the app carries on. */
export function logProblem(problem: string, detail?: unknown): void {
  // eslint-disable-next-line no-console -- these failures are silent by design, but never unrecorded
  console.warn(`[clinic] ${problem}`, detail ?? '');
}
