import { fieldErrorsOf } from '@clinic/client/form-issues';
import { useFormState } from '@clinic/client/form-state';
import type { Product } from '@clinic/contract';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useCheckout } from '../api/checkout.ts';
import { usePurchaseSummary } from '../api/get-purchase-summary.ts';
import { emptyCard, parseCard } from '../card-form.ts';
import { payWithKey } from '../payment-call.ts';
import { confirmAndComplete, ProcessorElements, verificationFailed } from '../processor.tsx';
import { CardFields, useProcessorFields } from './card-fields.tsx';

interface PaymentInfoProps {
  product: Product;
  onPaid: () => void;
}

/** The pay form of `/payments/paymentInfo`: a card (or the card on file) and Pay. */
export function PaymentInfoForm(props: PaymentInfoProps): ReactElement {
  return (
    <ProcessorElements>
      <PayForm {...props} />
    </ProcessorElements>
  );
}

function PayForm({ product, onPaid }: PaymentInfoProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const processor = useProcessorFields();
  const [confirming, setConfirming] = useState(false);
  const form = useFormState(emptyCard);
  const summary = usePurchaseSummary();
  const cardOnFile = summary.data?.paymentMethod ?? null;
  const [useCardOnFile, setUseCardOnFile] = useState(true);
  // A failedCode of our server, or a notice of the browser's own part of the payment.
  const [failure, setFailure] = useState<string>();
  const checkout = useCheckout();
  const withSavedCard = Boolean(cardOnFile) && useCardOnFile;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    if (!withSavedCard) {
      const parsed = parseCard(form.values);
      const complete = processor.check();
      if (!parsed.success) form.setErrors(fieldErrorsOf(parsed));
      if (!parsed.success || !complete) return;
    }
    if (!stripe) return;
    const outcome = await payWithKey(`checkout:${product.seqProduct}`, (idempotencyKey) =>
      checkout.mutateAsync({
        seqProduct: product.seqProduct,
        idempotencyKey,
        ...(!withSavedCard && { newCard: true }),
      }),
    );
    if (outcome.kind === 'noAnswer') return setFailure('payments.noAnswer');
    if (outcome.kind === 'fields') return form.setErrors(outcome.errors);
    if (!outcome.reply.isSuccess) return setFailure(outcome.reply.failedCode);
    if (!outcome.reply.confirm) return onPaid();
    // The processor takes the card and asks the holder if their bank wants it; our server records the outcome.
    setConfirming(true);
    const done = await confirmAndComplete(
      stripe,
      elements,
      outcome.reply.confirm,
      withSavedCard ? undefined : form.values,
    ).catch(() => 'noAnswer' as const);
    setConfirming(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    if (done === 'noAnswer') setFailure('payments.noAnswer');
    else if (done === verificationFailed) setFailure('payments.verificationFailed');
    else if (done?.isSuccess) onPaid();
    else if (done) setFailure(done.failedCode);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('payments.info.formLabel')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title={t('payments.info.failedTitle')}>
            {failure === 'payments.noAnswer' || failure === 'payments.verificationFailed'
              ? t(failure)
              : message(failure)}
          </Alert>
        )}
        {cardOnFile && (
          <Checkbox
            checked={useCardOnFile}
            onChange={(event) => setUseCardOnFile(event.currentTarget.checked)}
            label={t('payments.info.useCardOnFile', {
              card: t(`payments.card.types.${cardOnFile.cardType}`),
              last4: cardOnFile.last4,
            })}
          />
        )}
        {!withSavedCard && (
          <CardFields values={form.values} errors={form.errors} onChange={form.setValue} processor={processor} />
        )}
        <Text size="xs" c="dimmed">
          {t('payments.info.secureHint')}
        </Text>
        <Group>
          <Button type="submit" loading={checkout.isPending || confirming} disabled={!stripe}>
            {t('payments.info.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
