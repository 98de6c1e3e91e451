import { formatMoney, isLanguage, isPlanCode, type Receipt } from '@clinic/contract';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { messageText } from '../../../shared/i18n/i18n.ts';

/** Printed on A4 as it is on screen, without the page's buttons (marked receipt-actions). */
const printCss = `
@page { size: A4; margin: 18mm 16mm; }
@media print {
  .receipt-actions { display: none !important; }
  body { background: #fff !important; }
  .receipt-document { color: #000; padding: 0 !important; border: 0 !important; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

/** A receipt as issued: who was charged, for which plan and period, how much, and on which card. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const date = (value: string) => formatDate(value, language);
  const plan = isPlanCode(receipt.productCode)
    ? messageText(`plan.${receipt.productCode}`, isLanguage(language) ? language : undefined)
    : receipt.productTitle;
  const amount = formatMoney(receipt.amountMinor, receipt.currency, language);
  return (
    <Stack
      component="article"
      aria-labelledby="receipt-title"
      className="receipt-document"
      gap="lg"
      maw={760}
      p="xl"
      style={{ border: '1px solid var(--mantine-color-gray-4)' }}
    >
      <style>{printCss}</style>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} id="receipt-title">
            {t('receipt.title')}
          </Title>
          <Text>{t('app.name')}</Text>
        </Stack>
        <Stack gap={2} align="flex-end" data-testid="receipt-reference">
          <Text>
            {t('receipt.number')}: <strong>{receipt.receiptNumber}</strong>
          </Text>
          <Text>
            {t('receipt.paidAt')}: {date(receipt.paidAt)}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2} data-testid="receipt-billed-to">
        <Title order={2} size="h4">
          {t('receipt.billedTo')}
        </Title>
        <Text>{receipt.billedTo}</Text>
        {receipt.clinicName && <Text>{receipt.clinicName}</Text>}
        {receipt.clinicAddress && <Text style={{ whiteSpace: 'pre-line' }}>{receipt.clinicAddress}</Text>}
      </Stack>
      <Table aria-label={t('receipt.items')} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('receipt.description')}</Table.Th>
            <Table.Th scope="col">{t('receipt.period')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('receipt.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('receipt.item', { plan })}</Table.Td>
            <Table.Td>
              {t('receipt.periodRange', { start: date(receipt.periodStart), end: date(receipt.periodEnd) })}
            </Table.Td>
            <Table.Td ta="right">{amount}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              {t('receipt.total')}
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="receipt-total">
              {amount}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {receipt.cardLast4 && <Text>{t('receipt.card', { last4: receipt.cardLast4 })}</Text>}
    </Stack>
  );
}
