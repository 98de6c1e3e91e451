import { linkedText } from '@clinic/client/linked-text';
import {
  messageRules,
  sendMyMessage,
  type MessageItem,
  type MessageThreadSummary,
  type RequestOf,
} from '@clinic/contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import { showToast } from '../notices/toasts.ts';
import { AsOf } from '../offline/as-of.tsx';
import { outbox } from '../offline/outbox.ts';
import type { OutboxEntry } from '../offline/outbox-store.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { formatDateTime, formatTime } from '../visits/visits.ts';
import { MessageAttachments } from './message-attachments.tsx';
import { MessageComposer } from './message-composer.tsx';
import { useThread, useWithdrawMessage } from './messages-api.ts';

const withdrawMs = messageRules.withdrawSeconds * 1000;

/** A time as the thread shows it: the clock alone today, with the date before. */
function whenText(value: string, language: string): string {
  const today = new Date().toDateString() === new Date(value).toDateString();
  return today ? formatTime(value, language) : formatDateTime(value, language);
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

/** Plain text, never HTML: only web addresses become links, opening in a new tab. */
function MessageText({ text }: { text: string }): ReactElement {
  return (
    <Text size="md" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {linkedText(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" underline="always">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
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
  /** "Read 14:02" under the patient's last message the clinician has read. */
  readMark: boolean;
  withdrawable: boolean;
  onWithdraw: (message: MessageItem) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const sender = message.automatic
    ? t(`messages.automatic.${message.automatic}`)
    : message.mine
      ? t('messages.you')
      : thread.managerName;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      maw="88%"
      ml={message.mine ? 'auto' : 0}
      bg={message.mine ? 'teal.0' : 'white'}
      aria-label={t('messages.messageLabel', { sender, when: formatDateTime(message.sentAt, i18n.language) })}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={2}>
        <Text size="sm" fw={600}>
          {sender}
        </Text>
        <Text size="sm" c="dark.4" component="time" dateTime={message.sentAt}>
          {whenText(message.sentAt, i18n.language)}
        </Text>
      </Group>
      {message.withdrawnAt ? (
        <Text size="md" fs="italic" c="dark.4">
          {t('messages.withdrawn')}
        </Text>
      ) : (
        <>
          {message.text && <MessageText text={message.text} />}
          <MessageAttachments attachments={message.attachments} />
          {message.automatic && message.nextOpenAt && (
            <Text size="sm" c="dark.4" mt={4}>
              {t('messages.nextOpen', { when: formatDateTime(message.nextOpenAt, i18n.language) })}
            </Text>
          )}
        </>
      )}
      {(readMark || withdrawable) && (
        <Group justify="flex-end" gap="xs" mt={4}>
          {withdrawable && (
            <Button size="sm" variant="subtle" color="red.8" onClick={() => onWithdraw(message)}>
              {t('messages.withdraw')}
            </Button>
          )}
          {readMark && message.readAt && (
            <Text size="sm" c="dark.4">
              {t('messages.read', { time: whenText(message.readAt, i18n.language) })}
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
}

/** A message on this phone, as its outbox entry holds it. */
interface Waiting {
  entry: OutboxEntry;
  request: RequestOf<typeof sendMyMessage>;
}

/** The thread's messages still on this phone, oldest first. */
function useWaiting(seqMedicalRelation: number): Waiting[] {
  return useOutboxEntries(sendMyMessage).flatMap((entry) => {
    const parsed = sendMyMessage.request.safeParse(entry.body);
    return parsed.success && parsed.data.seqMedicalRelation === seqMedicalRelation
      ? [{ entry, request: parsed.data }]
      : [];
  });
}

/** How far the phone's clock may be behind the server's for a sent message to be matched to its entry. */
const clockSkewMs = 30_000;

/**
 * Whether the socket has brought a waiting message before the outbox has let go of it: the same
 * text and files from the patient, sent since it was written (it would otherwise show twice a moment).
 */
function hasArrived({ entry, request }: Waiting, messages: readonly MessageItem[]): boolean {
  if (entry.refusal) return false;
  const files = (request.attachmentIds ?? []).join();
  return messages.some(
    (message) =>
      message.mine &&
      message.text === request.text &&
      message.attachments.map((attachment) => attachment.id).join() === files &&
      Date.parse(message.sentAt) >= Date.parse(entry.createdAt) - clockSkewMs,
  );
}

/** A message still on this phone: waiting for a connection, or refused by the server with the reason. */
function WaitingCard({ waiting: { entry, request } }: { waiting: Waiting }): ReactElement {
  const { t } = useTranslation();
  const { refusal } = entry;
  return (
    <Paper component="li" withBorder p="sm" maw="88%" ml="auto" bg="gray.0">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={2}>
        <Text size="sm" fw={600}>
          {t('messages.you')}
        </Text>
        <Badge color={refusal ? 'red' : 'yellow'} variant="light" tt="none" c={refusal ? 'red.9' : 'dark.7'}>
          {t(refusal ? 'messages.refused' : 'messages.waiting')}
        </Badge>
      </Group>
      <MessageText text={request.text} />
      {refusal && (
        <Group justify="space-between" align="center" mt={4} wrap="nowrap">
          <Text size="sm" c="red.9">
            {messageText(refusal.failedCode || undefined)}
          </Text>
          <Button size="sm" variant="light" color="red" onClick={() => void outbox.discard(entry.idempotencyKey)}>
            {t('messages.discard')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** Asks before withdrawing one of the patient's messages; a refusal (too late) says why. */
function WithdrawDialog({
  seqMedicalRelation,
  message,
  onClose,
}: {
  seqMedicalRelation: number;
  message?: MessageItem | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const withdraw = useWithdrawMessage(seqMedicalRelation);
  const [failure, setFailure] = useState<string>();
  const close = (): void => {
    setFailure(undefined);
    onClose();
  };
  const confirm = async (): Promise<void> => {
    if (!message) return;
    setFailure(undefined);
    try {
      const reply = await withdraw.mutateAsync(message.seqMessage);
      if (!reply.isSuccess) {
        setFailure(messageText(reply.failedCode));
        return;
      }
      showToast({ color: 'teal', message: t('messages.withdrawnNotice') });
      close();
    } catch (error) {
      const text = errorTextOf(error, currentLanguage());
      setFailure(text.text ?? t(text.key));
    }
  };
  return (
    // Its own buttons say what closing means (keep the message); no unnamed cross beside them.
    <Modal
      opened={message !== undefined}
      onClose={close}
      title={t('messages.withdrawTitle')}
      centered
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text size="sm">{t('messages.withdrawBody')}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="md" onClick={close}>
            {t('messages.keep')}
          </Button>
          <Button color="red" size="md" loading={withdraw.isPending} onClick={() => void confirm()}>
            {t('messages.withdraw')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The thread with one clinician: the messages oldest first, newest at the bottom, older pages on
 * request, "Read" under the patient's last message the clinician read, withdrawing within 5 minutes,
 * the messages still on this phone, and the composer while the relation is active. Kept offline
 * with the rest of the patient's data, it opens without a connection, saying as of when.
 */
export function MessageThread({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const thread = useThread(seqMedicalRelation);
  const [withdrawing, setWithdrawing] = useState<MessageItem>();
  const pages = thread.data?.pages ?? [];
  const summary = pages[0]?.thread;
  const messages = pages.toReversed().flatMap((page) => page.messageList);
  const waiting = useWaiting(seqMedicalRelation).filter((kept) => !hasArrived(kept, messages));
  const now = useNowUntil(messages.filter((item) => item.mine).map((item) => Date.parse(item.sentAt) + withdrawMs));
  const lastRead = messages.findLast((item) => item.mine && item.readAt !== null && item.automatic === null);
  const newest = messages.at(-1)?.seqMessage;
  const end = useRef<HTMLDivElement>(null);
  // The newest message in view when the thread opens and when one arrives; not when paging back.
  useEffect(() => {
    if (newest !== undefined) end.current?.scrollIntoView({ block: 'nearest' });
  }, [newest, waiting.length]);

  return (
    <Stack gap="md">
      <Title order={2} id="thread-title">
        {summary ? t('messages.withClinician', { clinician: summary.managerName }) : t('messages.title')}
      </Title>
      <AsOf query={thread} />
      {thread.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('messages.loading')}</Text>
        </Group>
      )}
      {thread.isError && !thread.data && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('messages.loadFailed')}</Text>
            <Button size="sm" variant="light" color="red" onClick={() => void thread.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {summary && (
        <>
          {thread.hasNextPage && (
            <Button
              variant="subtle"
              size="md"
              loading={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
              style={{ alignSelf: 'center' }}
            >
              {t('messages.older')}
            </Button>
          )}
          {messages.length === 0 && waiting.length === 0 ? (
            <Text c="dark.4">{t('messages.empty', { clinician: summary.managerName })}</Text>
          ) : (
            <Stack
              component="ol"
              gap="xs"
              aria-label={t('messages.listLabel')}
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
              {waiting.map((kept) => (
                <WaitingCard key={kept.entry.idempotencyKey} waiting={kept} />
              ))}
            </Stack>
          )}
          <div ref={end} />
          {summary.isOpen ? (
            <Paper withBorder p="sm">
              <MessageComposer seqMedicalRelation={seqMedicalRelation} />
            </Paper>
          ) : (
            <Alert color="gray" role="status">
              {t('messages.closed', { clinician: summary.managerName })}
            </Alert>
          )}
        </>
      )}
      <WithdrawDialog
        seqMedicalRelation={seqMedicalRelation}
        message={withdrawing}
        onClose={() => setWithdrawing(undefined)}
      />
    </Stack>
  );
}
