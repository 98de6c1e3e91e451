import { lazy, Suspense, useCallback, type ReactElement } from 'react';
import { env } from '../config/env.ts';
import { endSession } from '../features/auth/api/logout.ts';
import { keepServerSessionAlive } from '../shared/session/keep-alive.ts';
import { useIdleTimer } from '../shared/session/use-idle-timer.ts';
import { useOpenedOnce } from '../shared/ui/use-opened-once.ts';

// The dialog loads when the countdown starts (a minute before the limit), not with every signed-in page.
const IdleWarningModal = lazy(() =>
  import('./idle-warning-modal.tsx').then((module) => ({ default: module.IdleWarningModal })),
);

/** SPEC 4 "Session": a countdown in the last 60 s before the idle limit, then a logout. */
export function IdleWarning({ enabled }: { enabled: boolean }): ReactElement {
  const onExpire = useCallback((): void => {
    void endSession({ forced: true, notice: 'idleLogout' });
  }, []);
  const onActivity = useCallback((): void => keepServerSessionAlive(), []);
  const { status, stayActive } = useIdleTimer({
    enabled,
    limitSeconds: env.idleLimitSeconds,
    onExpire,
    onActivity,
  });
  const warning = enabled && status.kind === 'warning';
  const warningMounted = useOpenedOnce(warning);

  return (
    <Suspense fallback={null}>
      {warningMounted && (
        <IdleWarningModal
          opened={warning}
          secondsLeft={status.kind === 'warning' ? status.secondsLeft : 0}
          onStay={stayActive}
        />
      )}
    </Suspense>
  );
}
