import { fieldErrorsOf } from '@clinic/client/form-issues';
import { useFormState } from '@clinic/client/form-state';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { emptyCard, parseCard } from '../card-form.ts';
import { payWithKey } from '../payment-call.ts';
import { confirmAndComplete, ProcessorElements, verificationFailed } from '../processor.tsx';
import { CardFields, useProcessorFields } from './card-fields.tsx';

/** Replaces the card on file; the processor checks it first (a declined card is refused here). */
export function UpdateCardModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('payments.card.updateTitle')} centered>
      <ProcessorElements>
        <UpdateCardForm onClose={onClose} />
      </ProcessorElements>
    </Modal>
  );
}

function UpdateCardForm({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const processor = useProcessorFields();
  const form = useFormState(emptyCard);
  const update = useUpdatePaymentMethod();
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const close = (): void => {
    form.reset();
    setFailure(undefined);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = parseCard(form.values);
    const complete = processor.check();
    if (!parsed.success) form.setErrors(fieldErrorsOf(parsed));
    if (!parsed.success || !complete || !stripe) return;
    const outcome = await payWithKey('card', (idempotencyKey) => update.mutateAsync({ idempotencyKey }));
    if (outcome.kind === 'noAnswer') return setFailure(t('payments.noAnswer'));
    if (outcome.kind === 'fields') return form.setErrors(outcome.errors);
    if (!outcome.reply.isSuccess) return setFailure(message(outcome.reply.failedCode));
    // The processor takes the card and asks the holder if their bank wants it; our server records the outcome.
    setConfirming(true);
    const done = await confirmAndComplete(stripe, elements, outcome.reply.confirm, form.values).catch(
      () => 'noAnswer' as const,
    );
    setConfirming(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    if (done === 'noAnswer') setFailure(t('payments.noAnswer'));
    else if (done === verificationFailed) setFailure(t('payments.verificationFailed'));
    else if (done?.isSuccess) {
      showSuccess(t('payments.card.updated'));
      close();
    } else if (done) setFailure(message(done.failedCode));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <CardFields values={form.values} errors={form.errors} onChange={form.setValue} processor={processor} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending || confirming} disabled={!stripe}>
            {t('payments.card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
