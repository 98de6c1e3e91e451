import { session } from '@clinic/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { idleStatus, readLastActivity, recordActivity, type IdleStatus } from './idle.ts';

const activeStatus: IdleStatus = { kind: 'active' };
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export interface IdleTimerOptions {
  enabled: boolean;
  limitSeconds: number;
  warningSeconds?: number;
  /** Called once when the limit is reached. */
  onExpire: () => void;
  /** Called (at most once a second) when activity is recorded, e.g. to keep the server session alive. */
  onActivity?: () => void;
}

export interface IdleTimer {
  status: IdleStatus;
  /** Counts as activity, also while the warning is shown. */
  stayActive: () => void;
}

/** Every second, compares now with the last activity shared by all tabs (local storage `time`). */
export function useIdleTimer({
  enabled,
  limitSeconds,
  warningSeconds = session.idleWarningSeconds,
  onExpire,
  onActivity,
}: IdleTimerOptions): IdleTimer {
  const [status, setStatus] = useState<IdleStatus>(activeStatus);
  const warningRef = useRef(false);
  const expiredRef = useRef(false);
  const lastWriteRef = useRef(0);
  const onExpireRef = useRef(onExpire);
  const onActivityRef = useRef(onActivity);

  useEffect(() => {
    onExpireRef.current = onExpire;
    onActivityRef.current = onActivity;
  }, [onExpire, onActivity]);

  useEffect(() => {
    if (!enabled) return undefined;
    warningRef.current = false;
    expiredRef.current = false;
    if (readLastActivity() === undefined) recordActivity();

    const onActivity = (): void => {
      if (warningRef.current || expiredRef.current) return;
      const now = Date.now();
      if (now - lastWriteRef.current < 1000) return;
      lastWriteRef.current = now;
      recordActivity(now);
      onActivityRef.current?.();
    };
    const check = (): void => {
      if (expiredRef.current) return;
      const last = readLastActivity();
      const now = Date.now();
      if (last === undefined) {
        recordActivity(now);
        return;
      }
      const next = idleStatus(now, last, limitSeconds, warningSeconds);
      warningRef.current = next.kind === 'warning';
      setStatus((previous) =>
        previous.kind === next.kind &&
        (previous.kind !== 'warning' || next.kind !== 'warning' || previous.secondsLeft === next.secondsLeft)
          ? previous
          : next,
      );
      if (next.kind === 'expired') {
        expiredRef.current = true;
        onExpireRef.current();
      }
    };

    for (const event of activityEvents) window.addEventListener(event, onActivity, { passive: true, capture: true });
    check();
    const interval = window.setInterval(check, session.checkIntervalMs);
    return () => {
      window.clearInterval(interval);
      for (const event of activityEvents) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [enabled, limitSeconds, warningSeconds]);

  const stayActive = useCallback((): void => {
    const now = Date.now();
    lastWriteRef.current = now;
    warningRef.current = false;
    recordActivity(now);
    setStatus(activeStatus);
    onActivityRef.current?.();
  }, []);

  return { status: enabled ? status : activeStatus, stayActive };
}
