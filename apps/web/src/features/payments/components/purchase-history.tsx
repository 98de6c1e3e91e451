import { formatMoney } from '@clinic/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { purchaseHistoryPageSize, usePurchaseHistory } from '../api/get-purchase-history.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';

/** Charges and trial starts, newest first; each paid charge opens its receipt. */
export function PurchaseHistory(): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const history = usePurchaseHistory(page);
  const rows = history.data?.purchaseList ?? [];
  const total = history.data?.totalCount ?? 0;

  if (history.isError) return <LoadFailed onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Text size="sm">{t('common.loading')}</Text>;
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('payments.history.empty')}
      </Text>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label={t('payments.history.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.history.date')}</Table.Th>
              <Table.Th>{t('payments.history.plan')}</Table.Th>
              <Table.Th>{t('payments.history.kind')}</Table.Th>
              <Table.Th>{t('payments.history.amount')}</Table.Th>
              <Table.Th>{t('payments.history.status')}</Table.Th>
              <Table.Th>{t('payments.history.receipt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.seqPayment}>
                <Table.Td>{formatDate(row.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{row.productTitle}</Table.Td>
                <Table.Td>{t(`payments.history.kinds.${row.kind}`)}</Table.Td>
                <Table.Td>{formatMoney(row.amountMinor, row.currency, i18n.language)}</Table.Td>
                <Table.Td>{t(`payments.history.statuses.${row.status}`)}</Table.Td>
                <Table.Td>
                  {row.status === 'paid' && (
                    <Anchor
                      component={Link}
                      to={withLangQuery(`${paths.receipt}?seqPayment=${row.seqPayment}`, location.search)}
                    >
                      {t('payments.history.openReceipt')}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager page={page} size={purchaseHistoryPageSize} total={total} onChange={setPage} />
    </>
  );
}
