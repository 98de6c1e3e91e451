import { type Schedule } from '@clinic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once.ts';
import { openVideoVisit } from '../open-visit-window.ts';

// A dialog seldom needed: it loads when a popup is first blocked, not with the screens that start visits.
const PopupBlockedModal = lazy(() =>
  import('./popup-blocked-modal.tsx').then((module) => ({ default: module.PopupBlockedModal })),
);

/**
 * Opens the video visit of a visit (SPEC 2): a popup on desktop, the same page on touch browsers.
 * A blocked popup shows the two messages; a closed popup refreshes today's visits.
 */
export function useStartVideoVisit(): {
  startVisit: (visit: Pick<Schedule, 'seqSchedule'>) => void;
  notice: ReactElement;
} {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState(false);
  const noticeMounted = useOpenedOnce(blocked);

  const startVisit = useCallback(
    (visit: Pick<Schedule, 'seqSchedule'>): void => {
      const outcome = openVideoVisit(visit.seqSchedule, {
        navigate: (to) => void navigate(to),
        onClosed: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules }),
      });
      if (outcome === 'blocked') setBlocked(true);
    },
    [navigate, queryClient],
  );

  const notice = (
    <Suspense fallback={null}>
      {noticeMounted && <PopupBlockedModal opened={blocked} onClose={() => setBlocked(false)} />}
    </Suspense>
  );
  return { startVisit, notice };
}
