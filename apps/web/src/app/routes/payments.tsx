import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useProductList } from '../../features/payments/api/get-product-list.ts';
import { useSubscriptionStatus } from '../../features/payments/api/get-subscription-status.ts';
import { ChangePlanModal } from '../../features/payments/components/change-plan-modal.tsx';
import { PlanCards } from '../../features/payments/components/plan-cards.tsx';
import { usePurchaseStore } from '../../features/payments/purchase-store.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';

/** `/payments`: the three plans with their limits and prices. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const products = useProductList();
  const status = useSubscriptionStatus();
  const choosePlan = usePurchaseStore((state) => state.choosePlan);
  const [changeTo, setChangeTo] = useState<number>();
  useDocumentTitle(t('payments.title'));

  if (products.isError || status.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void products.refetch();
          void status.refetch();
        }}
      />
    );
  }
  if (!products.data || !status.data) return <PageLoader />;

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={2}>{t('payments.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('payments.intro')}
        </Text>
      </div>
      {status.data.isOverLimit && (
        <Alert color="red" title={t('payments.overLimit.title')}>
          {t('payments.overLimit.body', { active: status.data.activePatients, limit: status.data.patientLimit })}
        </Alert>
      )}
      <PlanCards
        products={products.data}
        subscription={status.data}
        onSubscribe={(product) => {
          choosePlan(product.seqProduct);
          void navigate(withLangQuery(`${paths.paymentInfo}?seqProduct=${product.seqProduct}`, location.search));
        }}
        onChange={(product) => setChangeTo(product.seqProduct)}
      />
      {changeTo !== undefined && (
        <ChangePlanModal
          opened
          onClose={() => setChangeTo(undefined)}
          products={products.data}
          subscription={status.data}
          initial={changeTo}
        />
      )}
    </Stack>
  );
}
