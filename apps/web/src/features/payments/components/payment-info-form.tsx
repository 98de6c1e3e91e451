import type { Card, Product } from '@clinic/contract';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useCheckout, type CheckoutReply } from '../api/checkout.ts';
import { usePurchaseSummary } from '../api/get-purchase-summary.ts';
import { emptyCard, parseCard } from '../card-form.ts';
import { payWithKey } from '../payment-call.ts';
import { CardFields } from './card-fields.tsx';

/** The pay form of `/payments/paymentInfo`: a card (or the card on file) and Pay. */
export function PaymentInfoForm({
  product,
  onPaid,
}: {
  product: Product;
  onPaid: (reply: Extract<CheckoutReply, { isSuccess: true }>) => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useFormState(emptyCard);
  const summary = usePurchaseSummary();
  const cardOnFile = summary.data?.paymentMethod ?? null;
  const [useCardOnFile, setUseCardOnFile] = useState(true);
  const [failure, setFailure] = useState<string>();
  const checkout = useCheckout();
  const withSavedCard = Boolean(cardOnFile) && useCardOnFile;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    let card: Card | undefined;
    if (!withSavedCard) {
      const parsed = parseCard(form.values);
      if (!parsed.success) {
        form.setErrors(fieldErrorsOf(parsed));
        return;
      }
      card = parsed.data;
    }
    const outcome = await payWithKey(`checkout:${product.seqProduct}`, (idempotencyKey) =>
      checkout.mutateAsync({ seqProduct: product.seqProduct, idempotencyKey, ...(card && { card }) }),
    );
    if (outcome.kind === 'noAnswer') setFailure('payments.noAnswer');
    else if (outcome.kind === 'fields') form.setErrors(outcome.errors);
    else if (outcome.reply.isSuccess) onPaid(outcome.reply);
    else setFailure(outcome.reply.failedCode);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('payments.info.formLabel')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title={t('payments.info.failedTitle')}>
            {failure === 'payments.noAnswer' ? t('payments.noAnswer') : message(failure)}
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
        {!withSavedCard && <CardFields values={form.values} errors={form.errors} onChange={form.setValue} />}
        <Text size="xs" c="dimmed">
          {t('payments.info.secureHint')}
        </Text>
        <Group>
          <Button type="submit" loading={checkout.isPending}>
            {t('payments.info.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
