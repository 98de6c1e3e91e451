import type { SubscriptionStatus } from '@clinic/contract';
import { Alert, Button } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { useChangeRenewal } from '../api/change-renewal.ts';

/**
 * My page: cancel the renewal (after a yes/no confirm; the plan stays until `endsOn`, then ends
 * without a charge), or resume it before then.
 */
export function RenewalControl({
  subscription,
  endsOn,
}: {
  subscription: SubscriptionStatus;
  /** The end of the period, as the reader writes dates. */
  endsOn: string;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangeRenewal();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const cancelled = subscription.cancelAtPeriodEnd;

  const submit = async (cancelAtPeriodEnd: boolean): Promise<void> => {
    setFailure(undefined);
    try {
      const reply = await change.mutateAsync(cancelAtPeriodEnd);
      setConfirming(false);
      if (!reply.isSuccess) setFailure(reply.failedCode);
      else
        showSuccess(
          cancelAtPeriodEnd ? t('payments.renewal.cancelled', { date: endsOn }) : t('payments.renewal.resumed'),
        );
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <>
      <Button
        variant="default"
        loading={change.isPending && !confirming}
        onClick={() => (cancelled ? void submit(false) : setConfirming(true))}
      >
        {cancelled ? t('payments.renewal.resume') : t('payments.renewal.cancel')}
      </Button>
      {failure && (
        <Alert color="red" role="alert" w="100%">
          {message(failure)}
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('payments.renewal.confirmTitle')}
        body={t('payments.renewal.confirmBody', { date: endsOn })}
        loading={change.isPending}
        onConfirm={() => void submit(true)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
