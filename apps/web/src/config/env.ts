import { session } from '@clinic/contract';

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/** Build-time settings; each falls back to the contract's value. */
export const env = {
  idleLimitSeconds: positiveInteger(import.meta.env.VITE_IDLE_LIMIT_SECONDS) ?? session.idleLimitSeconds,
} as const;
