import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { emptyCard, parseCard } from '../card-form.ts';
import { payWithKey } from '../payment-call.ts';
import { CardFields } from './card-fields.tsx';

/** Replaces the card on file; the processor checks it first (a declined card is refused here). */
export function UpdateCardModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useFormState(emptyCard);
  const update = useUpdatePaymentMethod();
  const [failure, setFailure] = useState<string>();

  const close = (): void => {
    form.reset();
    setFailure(undefined);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = parseCard(form.values);
    if (!parsed.success) {
      form.setErrors(fieldErrorsOf(parsed));
      return;
    }
    const outcome = await payWithKey('card', (idempotencyKey) =>
      update.mutateAsync({ card: parsed.data, idempotencyKey }),
    );
    if (outcome.kind === 'noAnswer') setFailure(t('payments.noAnswer'));
    else if (outcome.kind === 'fields') form.setErrors(outcome.errors);
    else if (outcome.reply.isSuccess) {
      showSuccess(t('payments.card.updated'));
      close();
    } else setFailure(message(outcome.reply.failedCode));
  };

  return (
    <Modal opened={opened} onClose={close} title={t('payments.card.updateTitle')} centered>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <CardFields values={form.values} errors={form.errors} onChange={form.setValue} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('payments.card.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
