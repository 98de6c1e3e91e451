import type { Product, SubscriptionStatus } from '@clinic/contract';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';
import { fitsPlan } from '../plan-presentation.ts';
import { usePlanText } from './plan-text.ts';

/** SPEC 2 "change service plan": another plan, once a month; the new limit applies at once. */
export function ChangePlanModal({
  opened,
  onClose,
  products,
  subscription,
  initial,
}: {
  opened: boolean;
  onClose: () => void;
  products: readonly Product[];
  subscription: SubscriptionStatus;
  initial?: number | undefined;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const text = usePlanText();
  const change = useChangeSubscription();
  const current = subscription.currentSubscriptionInfo?.seqProduct;
  const [chosen, setChosen] = useState<string>(initial ? String(initial) : '');
  const [failure, setFailure] = useState<string>();
  const chosenProduct = products.find((product) => String(product.seqProduct) === chosen);
  const tooSoon = subscription.planChangeAllowedAt;

  const close = (): void => {
    setFailure(undefined);
    onClose();
  };

  const submit = async (): Promise<void> => {
    if (!chosenProduct) return;
    setFailure(undefined);
    try {
      const reply = await change.mutateAsync(chosenProduct.seqProduct);
      if (reply.isSuccess) {
        showSuccess(t('payments.change.done', { plan: text.name(chosenProduct) }));
        close();
      } else setFailure(reply.failedCode);
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('payments.change.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('payments.change.intro')}</Text>
        {tooSoon && (
          <Alert color="yellow">{t('payments.change.notBefore', { date: formatDate(tooSoon, i18n.language) })}</Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {message(failure)}
          </Alert>
        )}
        <Radio.Group value={chosen} onChange={setChosen} label={t('payments.change.choose')}>
          <Stack gap="xs" mt="xs">
            {products.map((product) => (
              <Radio
                key={product.seqProduct}
                value={String(product.seqProduct)}
                disabled={product.seqProduct === current}
                label={`${text.name(product)} · ${text.limit(product.productPatientProfileLimit)} · ${text.price(product)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {chosenProduct && !fitsPlan(subscription.activePatients, chosenProduct.productPatientProfileLimit) && (
          <Alert color="orange">
            {t('payments.change.overLimitWarning', {
              active: subscription.activePatients,
              limit: chosenProduct.productPatientProfileLimit,
            })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={change.isPending}
            disabled={!chosenProduct || chosenProduct.seqProduct === current}
          >
            {t('payments.change.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
