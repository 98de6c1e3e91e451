import type { ReportMessage } from '@clinic/contract';
import { Table, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';

/**
 * The report's messages of its period, oldest first: when, who (an automatic reply named as one),
 * the text as plain text and the files' names; a withdrawn message only as withdrawn.
 */
export function ReportMessages({
  messages,
  patientName,
  clinicianName,
}: {
  messages: readonly ReportMessage[];
  patientName: string;
  clinicianName: string;
}): ReactElement {
  const { t, i18n } = useTranslation();
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('report.messages.empty')}
      </Text>
    );
  }
  const senderOf = (message: ReportMessage): string =>
    message.automatic
      ? t(`messaging.automatic.${message.automatic}`)
      : message.senderRole === 'clinician'
        ? clinicianName
        : patientName;
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="report-messages">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>{t('report.messages.sentAt')}</Table.Th>
          <Table.Th w={170}>{t('report.messages.sender')}</Table.Th>
          <Table.Th>{t('report.messages.text')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {messages.map((message, index) => (
          <Table.Tr key={`${message.sentAt}-${index}`}>
            <Table.Td>{formatDateTime(message.sentAt, i18n.language)}</Table.Td>
            <Table.Td>{senderOf(message)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.withdrawnAt ? (
                <Text span size="sm" fs="italic" c="dimmed">
                  {t('report.messages.withdrawn')}
                </Text>
              ) : (
                <>
                  {message.text}
                  {message.attachmentNames.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('report.messages.files', { names: message.attachmentNames.join(', ') })}
                    </Text>
                  )}
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
