import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { BrowserLabel, OpenSession } from '@clinic/contract';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useEndSessions, useLoginHistory, useSessions } from '../api/account-security.ts';
import { SettingsSection as Section } from '../../../shared/ui/settings-section.tsx';

/** "Chrome on macOS (computer)": the names as the user agent gives them, our words translated. */
function useBrowserText(): (label: BrowserLabel) => string {
  const { t } = useTranslation();
  return ({ browser, os, device }) => {
    const name = !browser
      ? t('accountSecurity.unknownBrowser')
      : os
        ? t('accountSecurity.browserOn', { browser, os })
        : browser;
    return device ? `${name} (${t(`accountSecurity.device.${device}`)})` : name;
  };
}

function SessionItem({ session, onEnd }: { session: OpenSession; onEnd: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const browserText = useBrowserText();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="md">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={500}>{browserText(session)}</Text>
          {session.current && <Badge variant="light">{t('accountSecurity.sessions.thisBrowser')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t('accountSecurity.address', { ip: session.ip ?? '—' })} ·{' '}
          {t('accountSecurity.sessions.started', { at: formatDateTime(session.startedAt, i18n.language) })} ·{' '}
          {t('accountSecurity.sessions.lastActive', { at: formatDateTime(session.lastActiveAt, i18n.language) })}
        </Text>
      </Stack>
      {!session.current && (
        <Button variant="default" size="xs" onClick={onEnd}>
          {t('accountSecurity.sessions.end')}
        </Button>
      )}
    </Group>
  );
}

function Sessions(): ReactElement {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  if (sessions.isError) return <LoadFailed onRetry={() => void sessions.refetch()} />;
  if (!sessions.data) return <Skeleton height={80} role="status" aria-label={t('common.loading')} />;
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('accountSecurity.sessions.intro')}
      </Text>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {sessions.data.map((session) => (
          <SessionItem key={session.id} session={session} onEnd={() => end.mutate(session.id)} />
        ))}
      </Stack>
      {end.isError && (
        <Text size="sm" c="red" role="alert">
          {t('accountSecurity.sessions.endFailed')}
        </Text>
      )}
      <Group>
        <Button variant="default" disabled={others === 0} onClick={() => setConfirmAll(true)}>
          {t('accountSecurity.sessions.endOthers')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmAll}
        title={t('accountSecurity.sessions.endOthers')}
        body={t('accountSecurity.sessions.endOthersConfirm')}
        loading={end.isPending}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => end.mutate(undefined, { onSettled: () => setConfirmAll(false) })}
      />
    </Stack>
  );
}

function LoginHistory(): ReactElement {
  const { t, i18n } = useTranslation();
  const logins = useLoginHistory();
  const browserText = useBrowserText();
  if (logins.isError) return <LoadFailed onRetry={() => void logins.refetch()} />;
  if (!logins.data) return <Skeleton height={80} role="status" aria-label={t('common.loading')} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('accountSecurity.logins.intro')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accountSecurity.logins.when')}</Table.Th>
              <Table.Th>{t('accountSecurity.logins.outcome')}</Table.Th>
              <Table.Th>{t('accountSecurity.logins.browser')}</Table.Th>
              <Table.Th>{t('accountSecurity.logins.address')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logins.data.map((attempt, index) => (
              // The history has no ids: its order is its key.
              <Table.Tr key={index}>
                <Table.Td>{formatDateTime(attempt.at, i18n.language)}</Table.Td>
                <Table.Td>
                  {attempt.succeeded ? (
                    t('accountSecurity.logins.succeeded')
                  ) : (
                    <Text span size="sm" c="red.8" fw={500}>
                      {t('accountSecurity.logins.wrongPassword')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{browserText(attempt)}</Table.Td>
                <Table.Td>{attempt.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** My page's sessions and login history: where the account is logged in, and who tried. */
export function AccountSecurity(): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      <Section id="options-sessions" title={t('accountSecurity.sessions.title')}>
        <Sessions />
      </Section>
      <Section id="options-logins" title={t('accountSecurity.logins.title')}>
        <LoginHistory />
      </Section>
    </>
  );
}
