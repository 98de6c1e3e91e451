import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMessage } from '../../shared/i18n/use-message.ts';
import { withLangQuery } from '../../shared/i18n/language.ts';
import type { PaymentResultState } from '../../shared/navigation/route-state.ts';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/payments/result?result=`: the outcome of a payment and the way on. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const success = params.get('result') === 'success';
  const code = params.get('code');
  useDocumentTitle(t('payments.result.title'));

  const onwards = (): void => {
    const state: PaymentResultState = { fromPaymentResult: true, status: success ? 'success' : 'failure' };
    const seqProduct = params.get('seqProduct');
    const to = seqProduct ? `${paths.paymentInfo}?seqProduct=${encodeURIComponent(seqProduct)}` : paths.paymentInfo;
    void navigate(withLangQuery(to, location.search), { state, replace: true });
  };

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>{t('payments.result.title')}</Title>
      <Alert
        color={success ? 'teal' : 'red'}
        role={success ? 'status' : 'alert'}
        title={success ? t('payments.result.successTitle') : t('payments.result.failureTitle')}
      >
        <Text size="sm">
          {success ? t('payments.result.successBody') : (message(code) ?? t('payments.result.failureBody'))}
        </Text>
      </Alert>
      <Group>
        <Button onClick={onwards}>{success ? t('payments.result.continue') : t('payments.result.tryAgain')}</Button>
        <Button variant="default" component={Link} to={withLangQuery(paths.options, location.search)}>
          {t('payments.result.toMyPage')}
        </Button>
      </Group>
    </Stack>
  );
}
