import { formatMoney, type SubscribeStatus } from '@clinic/contract';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useProductList } from '../api/get-product-list.ts';
import { usePurchaseSummary } from '../api/get-purchase-summary.ts';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { currentProduct, isLiveStatus, statusDate } from '../plan-presentation.ts';
import { ChangePlanModal } from './change-plan-modal.tsx';
import { usePlanText } from './plan-text.ts';
import { PendingPayment } from './pending-payment.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import { RenewalControl } from './renewal-control.tsx';
import { UpdateCardModal } from './update-card-modal.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }): ReactElement {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** My page "payment and plan": the plan, its status and dates, the card on file, the history. */
export function PaymentPlanSection(): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const text = usePlanText();
  const status = useSubscriptionStatus();
  const summary = usePurchaseSummary();
  const products = useProductList();
  const [changing, setChanging] = useState(false);
  const [updatingCard, setUpdatingCard] = useState(false);

  if (status.isError || summary.isError)
    return (
      <LoadFailed
        onRetry={() => {
          void status.refetch();
          void summary.refetch();
        }}
      />
    );
  if (!status.data || !summary.data) return <Text size="sm">{t('common.loading')}</Text>;

  const subscription = status.data;
  const live = isLiveStatus(subscription.subscribeStatus);
  const product = currentProduct(subscription, products.data) ?? summary.data.product ?? undefined;
  const date = statusDate(subscription);
  const card = summary.data.paymentMethod;
  const language = i18n.language;
  const endsOn = date ? formatDate(date, language) : null;
  const ending = subscription.cancelAtPeriodEnd;
  const statusText = (value: SubscribeStatus, date: string | null): string => {
    if (date && value === 'trial')
      return t(ending ? 'payments.status.trialEnds' : 'payments.status.trialUntil', { date });
    if (date && value === 'active')
      return t(ending ? 'payments.status.activeEnds' : 'payments.status.activeUntil', { date });
    if (date && value === 'grace') return t('payments.status.graceUntil', { date });
    return t(`payments.status.${value}`);
  };

  return (
    <Stack gap="md">
      {subscription.isOverLimit && (
        <Alert color="red" role="alert" title={t('payments.overLimit.title')}>
          {t('payments.overLimit.body', { active: subscription.activePatients, limit: subscription.patientLimit })}
        </Alert>
      )}
      {subscription.subscribeStatus === 'grace' && <Alert color="orange">{t('payments.graceHint')}</Alert>}
      {subscription.subscribeStatus === 'grace' && <PendingPayment />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('payments.summary.plan')} testId="current-plan">
          {live && product ? text.name(product) : t('payments.summary.noPlan')}
        </Fact>
        <Fact label={t('payments.summary.status')} testId="subscription-status">
          {statusText(subscription.subscribeStatus, endsOn)}
        </Fact>
        <Fact label={t('payments.summary.patients')}>
          {subscription.patientLimit > 0
            ? t('payments.summary.patientsOf', {
                active: subscription.activePatients,
                limit: subscription.patientLimit,
              })
            : t('payments.summary.patientsUnlimited', { active: subscription.activePatients })}
        </Fact>
        {live && summary.data.nextChargeAt && summary.data.nextAmountMinor !== null && (
          <Fact label={t('payments.summary.nextCharge')}>
            {t('payments.summary.nextChargeOn', {
              amount: formatMoney(summary.data.nextAmountMinor, product?.currency ?? 'USD', language),
              date: formatDate(summary.data.nextChargeAt, language),
            })}
          </Fact>
        )}
        <Fact label={t('payments.summary.card')} testId="card-on-file">
          {card
            ? t('payments.summary.cardOnFile', {
                card: t(`payments.card.types.${card.cardType}`),
                last4: card.last4,
                expiry: `${card.expiry.slice(0, 2)}/${card.expiry.slice(2)}`,
              })
            : t('payments.summary.noCard')}
        </Fact>
        {live && subscription.planChangeAllowedAt && (
          <Fact label={t('payments.summary.planChange')}>
            {t('payments.change.notBefore', { date: formatDate(subscription.planChangeAllowedAt, language) })}
          </Fact>
        )}
      </SimpleGrid>
      <Group gap="sm">
        {!live && (
          <Button component={Link} to={withLangQuery(paths.payments, location.search)}>
            {t('payments.summary.choosePlan')}
          </Button>
        )}
        {live && (
          <Button variant="default" onClick={() => setChanging(true)} disabled={!products.data}>
            {t('payments.change.open')}
          </Button>
        )}
        {card && (
          <Button variant="default" onClick={() => setUpdatingCard(true)}>
            {t('payments.card.updateTitle')}
          </Button>
        )}
        {live && endsOn && <RenewalControl subscription={subscription} endsOn={endsOn} />}
        <Button variant="subtle" component={Link} to={withLangQuery(paths.payments, location.search)}>
          {t('payments.summary.seePlans')}
        </Button>
      </Group>
      <Divider />
      <Title order={4}>{t('payments.history.title')}</Title>
      <PurchaseHistory />
      {live && products.data && changing && (
        <ChangePlanModal
          opened={changing}
          onClose={() => setChanging(false)}
          products={products.data}
          subscription={subscription}
        />
      )}
      <UpdateCardModal opened={updatingCard} onClose={() => setUpdatingCard(false)} />
    </Stack>
  );
}
