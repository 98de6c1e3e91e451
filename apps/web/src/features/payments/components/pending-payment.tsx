import { formatMoney, getPendingPayment, type ReplyOf } from '@clinic/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useStripe } from '@stripe/react-stripe-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { confirmAndComplete, ProcessorElements, verificationFailed } from '../processor.tsx';

/** A renewal waiting for the card holder (their bank asks them to confirm it): confirm it here. */
export function PendingPayment(): ReactElement | null {
  const pending = useQuery({
    queryKey: [...queryKeys.payments, 'pending'] as const,
    queryFn: ({ signal }) => callApi(getPendingPayment, {}, { signal }),
  });
  const waiting = pending.data?.isSuccess ? pending.data.pending : null;
  if (!waiting) return null;
  return (
    <ProcessorElements>
      <ConfirmPending pending={waiting} />
    </ProcessorElements>
  );
}

type Pending = NonNullable<Extract<ReplyOf<typeof getPendingPayment>, { isSuccess: true }>['pending']>;

function ConfirmPending({ pending }: { pending: Pending }): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const stripe = useStripe();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async (): Promise<void> => {
    if (!stripe) return;
    setFailure(undefined);
    setConfirming(true);
    const done = await confirmAndComplete(stripe, null, pending.intent).catch(() => 'noAnswer' as const);
    setConfirming(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    if (done === 'noAnswer') setFailure(t('payments.noAnswer'));
    else if (done === verificationFailed) setFailure(t('payments.verificationFailed'));
    else if (done?.isSuccess) showSuccess(t('payments.pending.done'));
    else if (done) setFailure(message(done.failedCode));
  };

  return (
    <Alert color="orange" title={t('payments.pending.confirm')}>
      <Text size="sm">
        {t('payments.pending.body', {
          amount: formatMoney(pending.amountMinor, pending.currency, i18n.language),
          last4: pending.cardLast4,
        })}
      </Text>
      {failure && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {failure}
        </Text>
      )}
      <Group mt="sm">
        <Button size="xs" onClick={() => void confirm()} loading={confirming} disabled={!stripe}>
          {t('payments.pending.confirm')}
        </Button>
      </Group>
    </Alert>
  );
}
