import { guestRules, type CallGuest, type Schedule } from '@clinic/contract';
import { Button, CopyButton, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../../shared/dates/date-format.ts';
import { messageText } from '../../../shared/i18n/i18n.ts';
import { onRealtimeMessage } from '../../../shared/realtime/realtime-connection.ts';
import { guestsQueryKey, useGuestList } from '../api/get-guests.ts';
import { useAdmitGuest, useInviteGuest, useRemoveGuest } from '../api/guest-steps.ts';
import { playChime } from '../waiting-room-chime.ts';
import { readWaitingRoomSound } from '../waiting-room.ts';

/** The guests of the visit, read again as the socket tells of them; a knock chimes as the patient's does. */
function useGuests(seqSchedule: number): CallGuest[] {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        if (message.type !== 'guest' || message.seqSchedule !== seqSchedule) return;
        if (message.state === 'knocked' && readWaitingRoomSound()) playChime();
        if (message.state !== 'waiting') void queryClient.invalidateQueries({ queryKey: guestsQueryKey(seqSchedule) });
      }),
    [queryClient, seqSchedule],
  );
  return useGuestList(seqSchedule).data ?? [];
}

/** The link just made, shown once: the clinician copies it, or the text of a message with it. */
interface MadeLink {
  link: string;
  expiresAt: string;
}

function InviteGuestModal({
  schedule,
  opened,
  onClose,
}: {
  schedule: Schedule;
  opened: boolean;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const invite = useInviteGuest(schedule.seqSchedule);
  const [valid, setValid] = useState<string>(String(guestRules.defaultValidMinutes));
  const [email, setEmail] = useState('');
  const [made, setMade] = useState<MadeLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = (): void => {
    setMade(null);
    setEmail('');
    setError(null);
    onClose();
  };
  const create = (): void => {
    setError(null);
    invite.mutate(
      {
        seqSchedule: schedule.seqSchedule,
        validMinutes: valid === 'end' ? null : (Number(valid) as 15 | 30 | 60),
        ...(email.trim() && { email: email.trim() }),
      },
      {
        onSuccess: (reply) => {
          if (reply.isSuccess) setMade({ link: reply.link, expiresAt: reply.guest.expiresAt });
          else setError(messageText(reply.failedCode));
        },
      },
    );
  };
  const until = made ? formatTime(made.expiresAt, i18n.language) : '';
  const messageForGuest = made
    ? t('videoCall.guests.messageText', {
        time: formatDateTime(schedule.scheduleExpectStartDatetime, i18n.language),
        until,
        link: made.link,
      })
    : '';

  return (
    <Modal opened={opened} onClose={close} title={t('videoCall.guests.inviteTitle')} centered zIndex={300}>
      {made ? (
        <Stack gap="sm">
          <Text size="sm">{t('videoCall.guests.linkMade', { time: until })}</Text>
          <TextInput label={t('videoCall.guests.link')} value={made.link} readOnly data-testid="guest-link" />
          <CopyButton value={made.link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('videoCall.guests.copied') : t('videoCall.guests.copyLink')}
              </Button>
            )}
          </CopyButton>
          <Textarea label={t('videoCall.guests.message')} value={messageForGuest} readOnly autosize minRows={3} />
          <CopyButton value={messageForGuest}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('videoCall.guests.copied') : t('videoCall.guests.copyMessage')}
              </Button>
            )}
          </CopyButton>
          <Group justify="flex-end">
            <Button onClick={close}>{t('videoCall.guests.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('videoCall.guests.inviteHelp')}</Text>
          <Select
            label={t('videoCall.guests.validFor')}
            value={valid}
            onChange={(value) => setValid(value ?? String(guestRules.defaultValidMinutes))}
            allowDeselect={false}
            comboboxProps={{ zIndex: 400 }}
            data={guestRules.validMinutesChoices.map((minutes) =>
              minutes === null
                ? { value: 'end', label: t('videoCall.guests.untilEnd') }
                : { value: String(minutes), label: t('videoCall.guests.minutes', { count: minutes }) },
            )}
          />
          <TextInput
            type="email"
            label={t('videoCall.guests.email')}
            description={t('videoCall.guests.emailHelp')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('videoCall.guests.cancel')}
            </Button>
            <Button onClick={create} loading={invite.isPending}>
              {t('videoCall.guests.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The guests of the visit's call (a caregiver, an interpreter): the link that invites one, and each
 * guest with their state, let in from the waiting room or removed for good.
 */
export function CallGuests({
  schedule,
  meetingId,
  onFailure,
}: {
  schedule: Schedule;
  /** The open call's meeting; null before Start. */
  meetingId: string | null;
  onFailure: (text: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  const guests = useGuests(schedule.seqSchedule).filter(
    (guest) => guest.state !== 'removed' && guest.state !== 'expired',
  );
  const admit = useAdmitGuest(schedule.seqSchedule);
  const remove = useRemoveGuest(schedule.seqSchedule);
  const [inviting, setInviting] = useState(false);
  const failed = (reply: { isSuccess: boolean; failedCode?: string }): void => {
    if (!reply.isSuccess && reply.failedCode) onFailure(messageText(reply.failedCode));
  };

  return (
    <Stack gap="xs" data-testid="call-guests">
      <Group justify="space-between">
        <Title order={2} size="h6">
          {t('videoCall.guests.title')}
        </Title>
        <Button size="compact-sm" variant="light" onClick={() => setInviting(true)}>
          {t('videoCall.guests.invite')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {guests.map((guest) => {
            const name = guest.name ?? t('videoCall.guests.notOpened');
            return (
              <Group component="li" key={guest.guestId} justify="space-between" gap="xs" data-testid="call-guest">
                <div>
                  <Text size="sm">{name}</Text>
                  <Text size="xs" c="dimmed">
                    {[
                      guest.role && t(`videoCall.guests.roles.${guest.role}`),
                      t(`videoCall.guests.states.${guest.state}`),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  {guest.state === 'waiting' && meetingId !== null && (
                    <Button
                      size="compact-sm"
                      color="teal"
                      aria-label={t('videoCall.waitingRoom.admitOf', { name })}
                      loading={admit.isPending}
                      onClick={() =>
                        admit.mutate(
                          { seqSchedule: schedule.seqSchedule, guestId: guest.guestId, meetingId },
                          { onSuccess: failed },
                        )
                      }
                    >
                      {t('videoCall.waitingRoom.admit')}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('videoCall.guests.removeOf', { name })}
                    onClick={() =>
                      remove.mutate(
                        { seqSchedule: schedule.seqSchedule, guestId: guest.guestId },
                        { onSuccess: failed },
                      )
                    }
                  >
                    {t('videoCall.guests.remove')}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </div>
      <InviteGuestModal schedule={schedule} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
