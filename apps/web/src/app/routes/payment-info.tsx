import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useProductList } from '../../features/payments/api/get-product-list.ts';
import { PaymentInfoForm } from '../../features/payments/components/payment-info-form.tsx';
import { usePlanText } from '../../features/payments/components/plan-text.ts';
import { usePurchaseStore } from '../../features/payments/purchase-store.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { skipPaymentInfoAfterSuccess } from '../guards.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';

/** `/payments/paymentInfo?seqProduct=`: the chosen plan's details and the card form. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const products = useProductList();
  const text = usePlanText();
  // Read once on arrival: paying marks the plan just before this screen leaves for the result.
  const [planPaid] = useState(() => usePurchaseStore.getState().paidSeqProduct === Number(params.get('seqProduct')));
  useDocumentTitle(t('payments.info.title'));

  const skipTo = skipPaymentInfoAfterSuccess(location.state, location.search, planPaid);
  if (skipTo) return <Navigate to={skipTo} replace />;
  if (products.isError) return <LoadFailed onRetry={() => void products.refetch()} />;
  if (!products.data) return <PageLoader />;
  const product = products.data.find((candidate) => String(candidate.seqProduct) === params.get('seqProduct'));
  if (!product) return <Navigate to={withLangQuery(paths.payments, location.search)} replace />;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('payments.info.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="plan-details">
          <Stack gap="xs">
            <Title order={3} id="plan-details">
              {t('payments.info.planDetails')}
            </Title>
            <Text fw={600} data-testid="chosen-plan">
              {text.name(product)}
            </Text>
            <Text size="sm">{text.limit(product.productPatientProfileLimit)}</Text>
            <Text size="sm">{text.price(product)}</Text>
            <Text size="xs" c="dimmed">
              {t('payments.info.trialTerms')}
            </Text>
            <Anchor component={Link} to={withLangQuery(paths.payments, location.search)} size="sm">
              {t('payments.info.otherPlan')}
            </Anchor>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <PaymentInfoForm
            product={product}
            onPaid={() => {
              usePurchaseStore.getState().markPaid(product.seqProduct);
              void navigate(
                withLangQuery(
                  `${paths.paymentResult}?result=success&seqProduct=${product.seqProduct}`,
                  location.search,
                ),
              );
            }}
          />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
