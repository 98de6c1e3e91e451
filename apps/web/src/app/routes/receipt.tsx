import { isApiError } from '@clinic/client/api-error';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useReceipt } from '../../features/receipts/api/get-receipt.ts';
import { ReceiptDocument } from '../../features/receipts/components/receipt-document.tsx';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/**
 * `/receipt?seqPayment=`: the receipt of a charge, on a page of its own so that it prints (or
 * saves as PDF, in the browser's print dialog) as a document, without the app around it.
 */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const seqPayment = Number(params.get('seqPayment'));
  const valid = Number.isInteger(seqPayment) && seqPayment > 0;
  const receipt = useReceipt(valid ? seqPayment : null);
  useDocumentTitle(receipt.data ? `${t('receipt.title')} ${receipt.data.receiptNumber}` : t('receipt.title'));
  const missing = !valid || (receipt.isError && isApiError(receipt.error) && receipt.error.status === 404);

  return (
    <Stack component="main" p="xl" gap="lg" align="flex-start">
      <Group className="receipt-actions" justify="space-between" w="100%" maw={760}>
        <Anchor component={Link} to={withLangQuery(paths.options, location.search)}>
          ← {t('receipt.back')}
        </Anchor>
        {receipt.data && <Button onClick={() => window.print()}>{t('receipt.print')}</Button>}
      </Group>
      {missing ? (
        <>
          <Title order={1}>{t('receipt.notFoundTitle')}</Title>
          <Alert color="orange">{t('receipt.notFound')}</Alert>
        </>
      ) : receipt.isError ? (
        <LoadFailed onRetry={() => void receipt.refetch()} />
      ) : receipt.data ? (
        <ReceiptDocument receipt={receipt.data} />
      ) : (
        <Center w="100%" maw={760}>
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
