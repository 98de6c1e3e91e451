import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { getBrowserCookie, setBrowserCookie } from '../../../shared/storage/cookies.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { useUpdatePenaltyInfo, type PenaltyChoice } from '../api/update-penalty-info.ts';
import { payPopupCookieDays, payPopupCookieName, shouldShowPayPopup } from '../pay-popup.ts';

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
  const { t } = useTranslation();
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

  if (!subscription) return null;

  const opened = shouldShowPayPopup({
    isOverLimit: subscription.isOverLimit,
    laterCookie: getBrowserCookie(payPopupCookieName),
    pathname: location.pathname,
    deactivating,
  });

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
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('payments.popup.title')}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {t('payments.popup.body', { active: subscription.activePatients, limit: subscription.patientLimit })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('payments.popup.hint')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={() => choose('later')}>
            {t('payments.popup.later')}
          </Button>
          <Button variant="default" onClick={() => choose('deactivate')}>
            {t('payments.popup.deactivate')}
          </Button>
          <Button onClick={() => choose('pay')} data-autofocus>
            {t('payments.popup.pay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
