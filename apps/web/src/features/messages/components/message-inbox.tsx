import type { MessageThreadSummary } from '@clinic/contract';
import { Anchor, Badge, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { patientDetailsPath, segments } from '../../../config/paths.ts';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
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

/** A thread's row: its patient with a link to the thread, its last message and its unread count. */
function ThreadRow({ thread }: { thread: MessageThreadSummary }): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Table.Tr fw={thread.unreadCount > 0 ? 700 : undefined}>
      <Table.Td>
        <Anchor
          component={Link}
          to={patientDetailsPath(thread.seqMedicalRelation, location.search, segments.patientDetailsMessages)}
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
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(thread.lastMessage?.sentAt, i18n.language)}</Table.Td>
      <Table.Td>
        {thread.unreadCount > 0 && (
          <Badge color="red">
            <span aria-hidden>{thread.unreadCount}</span>
            <VisuallyHidden>{t('messaging.unreadCount', { count: thread.unreadCount })}</VisuallyHidden>
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The clinician's threads, newest message first, each with its unread count and a link to the thread. */
export function MessageInbox(): ReactElement {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const threads = useMessageThreads(page, pageSize);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="inbox-heading">
      <Title order={2} id="inbox-heading" mb="md">
        {t('messaging.inbox.title')}
      </Title>
      <PagedTable
        query={threads}
        rowsOf={(data) => data.threadList}
        renderRow={(thread) => <ThreadRow key={thread.seqMedicalRelation} thread={thread} />}
        columns={[
          t('messaging.inbox.columns.patient'),
          t('messaging.inbox.columns.lastMessage'),
          t('messaging.inbox.columns.sentAt'),
          t('messaging.inbox.columns.unread'),
        ]}
        label={t('messaging.inbox.title')}
        emptyText={t('messaging.inbox.empty')}
        totalLabel={(count) => t('messaging.inbox.total', { count })}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        minWidth={560}
        tableProps={{ verticalSpacing: 'sm' }}
      />
    </Paper>
  );
}
