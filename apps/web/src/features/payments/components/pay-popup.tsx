import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { create } from 'zustand';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { getBrowserCookie, setBrowserCookie } from '../../../shared/storage/cookies.ts';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { useUpdatePenaltyInfo, type PenaltyChoice } from '../api/update-penalty-info.ts';
import { payPopupCookieDays, payPopupCookieName, shouldShowPayPopup } from '../pay-popup.ts';

const PayPopupModal = lazy(() => import('./pay-popup-modal.tsx').then((module) => ({ default: module.PayPopupModal })));

/** "Deactivate patients" holds the pop-up back while the clinician does it (until the page reloads). */
const useDeactivating = create<{ deactivating: boolean; set: (deactivating: boolean) => void }>()((set) => ({
  deactivating: false,
  set: (deactivating) => set({ deactivating }),
}));

/**
 * The pay pop-up of decision 0007: over the plan's patient limit the clinician is blocked until
 * they pay or deactivate patients; "later" hides it for a day (the payPopup cookie).
 */
export function PayPopup(): ReactElement | null {
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSubscriptionStatus();
  const record = useUpdatePenaltyInfo();
  const [, rerender] = useState(0);
  const deactivating = useDeactivating((state) => state.deactivating);
  const setDeactivating = useDeactivating((state) => state.set);
  const subscription = status.data;
  const overLimit = subscription?.isOverLimit ?? false;

  // Back under the limit: a later excess shows the pop-up again.
  useEffect(() => {
    if (!overLimit) setDeactivating(false);
  }, [overLimit, setDeactivating]);

  const opened =
    subscription !== undefined &&
    shouldShowPayPopup({
      isOverLimit: subscription.isOverLimit,
      laterCookie: getBrowserCookie(payPopupCookieName),
      pathname: location.pathname,
      deactivating,
    });
  // The dialog's code loads the first time it is shown; it then stays mounted so that closing it animates.
  const mounted = useOpenedOnce(opened);
  if (!subscription || !mounted) return null;

  const choose = (choice: PenaltyChoice): void => {
    // The choice is recorded for the service team; the clinician need not wait for it.
    record.mutate(choice);
    if (choice === 'later') setBrowserCookie(payPopupCookieName, new Date().toISOString(), payPopupCookieDays);
    if (choice === 'deactivate') setDeactivating(true);
    // The cookie is not React state: show the pop-up's new state now.
    rerender((count) => count + 1);
    if (choice === 'pay') void navigate(withLangQuery(paths.payments, location.search));
    if (choice === 'deactivate') void navigate(withLangQuery(`${paths.patientList}?status=active`, location.search));
  };

  return (
    <Suspense fallback={null}>
      <PayPopupModal
        opened={opened}
        activePatients={subscription.activePatients}
        patientLimit={subscription.patientLimit}
        choose={choose}
      />
    </Suspense>
  );
}
