import type { MessageThreadSummary } from '@clinic/contract';
import { Anchor, Badge, Loader, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { patientDetailsPath, segments } from '../../../config/paths.ts';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
import { useMessageThreads } from '../api/messages.ts';

const pageSize = 20;

function LastMessage({ thread }: { thread: MessageThreadSummary }): ReactElement {
  const { t } = useTranslation();
  const last = thread.lastMessage;
  if (!last) return <Text c="dimmed">{t('messaging.inbox.noMessages')}</Text>;
  const preview =
    last.preview === null
      ? t('messaging.withdrawn')
      : last.preview || (last.hasAttachments ? t('messaging.inbox.fileOnly') : '');
  return (
    <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
      {last.senderRole === 'clinician' && (
        <Text span c="dimmed" size="sm">
          {t('messaging.inbox.youPrefix')}{' '}
        </Text>
      )}
      {preview}
    </Text>
  );
}

/** The clinician's threads, newest message first, each with its unread count and a link to the thread. */
export function MessageInbox(): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const threads = useMessageThreads(page, pageSize);
  const list = threads.data?.threadList;
  const total = threads.data?.totalCount ?? 0;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="inbox-heading">
      <Title order={2} id="inbox-heading" mb="md">
        {t('messaging.inbox.title')}
      </Title>
      {threads.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {threads.isError && <LoadFailed onRetry={() => void threads.refetch()} />}
      {threads.data && total === 0 && <Text c="dimmed">{t('messaging.inbox.empty')}</Text>}
      {list && total > 0 && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table fz="sm" aria-label={t('messaging.inbox.title')} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messaging.inbox.columns.patient')}</Table.Th>
                  <Table.Th>{t('messaging.inbox.columns.lastMessage')}</Table.Th>
                  <Table.Th>{t('messaging.inbox.columns.sentAt')}</Table.Th>
                  <Table.Th>{t('messaging.inbox.columns.unread')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((thread) => (
                  <Table.Tr key={thread.seqMedicalRelation} fw={thread.unreadCount > 0 ? 700 : undefined}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={patientDetailsPath(
                          thread.seqMedicalRelation,
                          location.search,
                          segments.patientDetailsMessages,
                        )}
                        fw={thread.unreadCount > 0 ? 700 : undefined}
                      >
                        {thread.patientName}
                      </Anchor>
                      {!thread.isOpen && (
                        <Badge size="xs" color="gray" variant="outline" ml="xs">
                          {t('messaging.inbox.closed')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <LastMessage thread={thread} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(thread.lastMessage?.sentAt, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      {thread.unreadCount > 0 && (
                        <Badge color="red">
                          <span aria-hidden>{thread.unreadCount}</span>
                          <VisuallyHidden>{t('messaging.unreadCount', { count: thread.unreadCount })}</VisuallyHidden>
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={page}
            size={pageSize}
            total={total}
            onChange={setPage}
            totalLabel={t('messaging.inbox.total', { count: total })}
          />
        </>
      )}
    </Paper>
  );
}
