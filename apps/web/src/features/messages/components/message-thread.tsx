import { messageRules, type MessageItem, type MessageThreadSummary } from '@clinic/contract';
import { Alert, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatTime, todayIso } from '../../../shared/dates/date-format.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useThread, useWithdrawMessage } from '../api/messages.ts';
import { MessageAttachments } from './message-attachments.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageText } from './message-text.tsx';

const withdrawMs = messageRules.withdrawSeconds * 1000;

/** A time as the thread shows it: the clock alone today, with the date before. */
function whenText(value: string, language: string, now: Date): string {
  return formatDate(value, language) === formatDate(now.toISOString(), language)
    ? formatTime(value, language)
    : formatDateTime(value, language);
}

function canWithdraw(message: MessageItem, now: number): boolean {
  return (
    message.mine &&
    message.withdrawnAt === null &&
    message.automatic === null &&
    now < Date.parse(message.sentAt) + withdrawMs
  );
}

/** The current time, moved on when the next of these instants passes (a withdraw button goes away then). */
function useNowUntil(instants: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = instants.filter((instant) => instant > now).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), next - Date.now() + 50);
    return () => window.clearTimeout(timer);
  }, [next]);
  return now;
}

function MessageCard({
  message,
  thread,
  readMark,
  withdrawable,
  onWithdraw,
}: {
  message: MessageItem;
  thread: MessageThreadSummary;
  /** "Read 14:02" under the clinician's last message the patient has read. */
  readMark: boolean;
  withdrawable: boolean;
  onWithdraw: (message: MessageItem) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const sender = message.automatic
    ? t(`messaging.automatic.${message.automatic}`)
    : message.mine
      ? t('messaging.you')
      : thread.patientName;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      maw="85%"
      ml={message.mine ? 'auto' : 0}
      bg={message.mine ? 'teal.0' : undefined}
      data-seq-message={message.seqMessage}
      tabIndex={-1}
      aria-label={t('messaging.messageLabel', { sender, when: formatDateTime(message.sentAt, i18n.language) })}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={600}>
          {sender}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={message.sentAt}>
          {whenText(message.sentAt, i18n.language, now)}
        </Text>
      </Group>
      {message.withdrawnAt ? (
        <Text size="sm" fs="italic" c="dimmed">
          {t('messaging.withdrawn')}
        </Text>
      ) : (
        <>
          {message.text && <MessageText text={message.text} />}
          <MessageAttachments attachments={message.attachments} />
          {message.automatic && message.nextOpenAt && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('messaging.nextOpen', { when: formatDateTime(message.nextOpenAt, i18n.language) })}
            </Text>
          )}
        </>
      )}
      {(readMark || withdrawable) && (
        <Group justify="flex-end" gap="xs" mt={4}>
          {withdrawable && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onWithdraw(message)}>
              {t('messaging.withdraw')}
            </Button>
          )}
          {readMark && message.readAt && (
            <Text size="xs" c="dimmed">
              {t('messaging.read', { when: whenText(message.readAt, i18n.language, now) })}
            </Text>
          )}
        </Group>
      )}
    </Card>
  );
}

/**
 * Opens the thread at a day (`YYYY-MM-DD`, local) the medical record links to: pages back until the
 * day's first message is loaded, then brings it into view and focus, once.
 */
function useOpenAtDay(
  day: string | undefined,
  messages: readonly MessageItem[],
  thread: ReturnType<typeof useThread>,
): void {
  const shown = useRef(false);
  const oldest = messages[0];
  const reached =
    day !== undefined && oldest !== undefined && (!thread.hasNextPage || todayIso(new Date(oldest.sentAt)) < day);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  useEffect(() => {
    if (day !== undefined && oldest && !reached && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [day, oldest, reached, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const target =
    day !== undefined && reached ? messages.find((message) => todayIso(new Date(message.sentAt)) >= day) : undefined;
  useEffect(() => {
    if (!target || shown.current) return;
    shown.current = true;
    const card = document.querySelector<HTMLElement>(`[data-seq-message="${target.seqMessage}"]`);
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [target]);
}

/**
 * The thread with a patient on their page: the messages oldest first with older pages on request,
 * "Read" under the clinician's last read message, withdrawing within 5 minutes, and the composer
 * while the relation is active. With `day`, it opens at that day's first message.
 */
export function MessageThread({ seqMedicalRelation, day }: { seqMedicalRelation: number; day?: string }): ReactElement {
  const { t } = useTranslation();
  const failureText = useMessage();
  const thread = useThread(seqMedicalRelation);
  const withdraw = useWithdrawMessage(seqMedicalRelation);
  const [withdrawing, setWithdrawing] = useState<MessageItem>();
  const [refusal, setRefusal] = useState<string>();
  const pages = thread.data?.pages ?? [];
  const summary = pages[0]?.thread;
  const messages = pages.toReversed().flatMap((page) => page.messageList);
  const now = useNowUntil(messages.filter((item) => item.mine).map((item) => Date.parse(item.sentAt) + withdrawMs));
  const lastRead = messages.findLast((item) => item.mine && item.readAt !== null && item.automatic === null);
  useOpenAtDay(day, messages, thread);

  const confirmWithdraw = async (): Promise<void> => {
    if (!withdrawing) return;
    setRefusal(undefined);
    try {
      const reply = await withdraw.mutateAsync(withdrawing.seqMessage);
      if (reply.isSuccess) showSuccess(t('messaging.withdrawnNotice'));
      else setRefusal(reply.failedCode);
    } catch {
      // The HTTP client's banner has said what went wrong.
    }
    setWithdrawing(undefined);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="messages-heading">
      <Title order={3} id="messages-heading" mb="md">
        {t('messaging.threadTitle')}
      </Title>
      {thread.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {thread.isError && <LoadFailed onRetry={() => void thread.refetch()} />}
      {summary && (
        <Stack gap="md">
          {thread.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
              style={{ alignSelf: 'center' }}
            >
              {t('messaging.older')}
            </Button>
          )}
          {messages.length === 0 ? (
            <Text c="dimmed">{t('messaging.empty')}</Text>
          ) : (
            <Stack
              component="ol"
              gap="xs"
              aria-label={t('messaging.listLabel')}
              aria-live="polite"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {messages.map((message) => (
                <MessageCard
                  key={message.seqMessage}
                  message={message}
                  thread={summary}
                  readMark={message === lastRead}
                  withdrawable={summary.isOpen && canWithdraw(message, now)}
                  onWithdraw={setWithdrawing}
                />
              ))}
            </Stack>
          )}
          {refusal && (
            <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(undefined)}>
              {failureText(refusal)}
            </Alert>
          )}
          {summary.isOpen ? (
            <MessageComposer seqMedicalRelation={seqMedicalRelation} />
          ) : (
            <Alert color="gray" title={t('messaging.closedTitle')}>
              {t('messaging.closed')}
            </Alert>
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={withdrawing !== undefined}
        title={t('messaging.withdrawTitle')}
        body={t('messaging.withdrawBody')}
        yesLabel={t('messaging.withdraw')}
        loading={withdraw.isPending}
        onConfirm={() => void confirmWithdraw()}
        onClose={() => setWithdrawing(undefined)}
      />
    </Paper>
  );
}
