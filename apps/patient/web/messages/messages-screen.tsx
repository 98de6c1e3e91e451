import type { MessageThreadSummary } from '@clinic/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { screenLink } from '../navigation/screen-link.ts';
import type { Screen } from '../navigation/screen-url.ts';
import { AsOf } from '../offline/as-of.tsx';
import { formatDateTime } from '../visits/visits.ts';
import { threadsQuery } from './message-keys.ts';
import { MessageThread } from './message-thread.tsx';

function ThreadRow({ thread, onGo }: { thread: MessageThreadSummary; onGo: (screen: Screen) => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const last = thread.lastMessage;
  const preview = last
    ? last.preview === null
      ? t('messages.withdrawn')
      : last.preview || (last.hasAttachments ? t('messages.fileOnly') : '')
    : t('messages.noMessagesYet');
  return (
    <Paper component="li" withBorder p={0}>
      <UnstyledButton
        component="a"
        {...screenLink({ name: 'messages', relation: thread.seqMedicalRelation }, onGo)}
        display="block"
        p="md"
        w="100%"
        style={{ borderRadius: 'inherit' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{thread.managerName}</Text>
          {thread.unreadCount > 0 && (
            <Badge color="red.8" variant="filled" style={{ flexShrink: 0 }}>
              {t('messages.unreadCount', { count: thread.unreadCount })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dark.5" lineClamp={2}>
          {preview}
        </Text>
        {last && (
          <Text size="sm" c="dark.4" component="time" dateTime={last.sentAt}>
            {formatDateTime(last.sentAt, i18n.language)}
          </Text>
        )}
      </UnstyledButton>
    </Paper>
  );
}

/**
 * Messages with the patient's clinicians: one thread per clinician. With one clinician the thread
 * itself opens; with several, the list of threads with their unread counts, each opening its thread
 * (`?messages=<seqMedicalRelation>`, the address a message's push opens too).
 */
export function MessagesScreen({
  relation,
  onGo,
}: {
  relation?: number | undefined;
  onGo: (screen: Screen) => void;
}): ReactElement {
  const { t } = useTranslation();
  const threads = useQuery(threadsQuery);
  const list = threads.data?.threadList ?? [];
  const shown = relation ?? (list.length === 1 ? list[0]?.seqMedicalRelation : undefined);

  if (shown !== undefined) {
    return (
      <Container size="sm" py="md">
        <Stack gap="sm">
          {list.length > 1 && (
            <Anchor {...screenLink({ name: 'messages' }, onGo)} size="md" py={6}>
              {t('messages.allThreads')}
            </Anchor>
          )}
          <MessageThread key={shown} seqMedicalRelation={shown} />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py="md">
      <Stack gap="md">
        <Title order={2} id="messages-title">
          {t('messages.title')}
        </Title>
        <AsOf query={threads} />
        {threads.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('messages.loading')}</Text>
          </Group>
        )}
        {threads.isError && !threads.data && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('messages.loadFailed')}</Text>
              <Button size="sm" variant="light" color="red" onClick={() => void threads.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {threads.isSuccess && list.length === 0 && (
          <Alert color="gray" role="status">
            {t('messages.noThreads')}
          </Alert>
        )}
        {list.length > 1 && (
          <Stack
            component="ul"
            gap="xs"
            aria-labelledby="messages-title"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.map((thread) => (
              <ThreadRow key={thread.seqMedicalRelation} thread={thread} onGo={onGo} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
