import { lobbyRules } from '@clinic/contract';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../visits/visits.ts';

/** The waiting room of a visit's call, for the patient or a guest: since when, whether the clinician is online, knock. */
export function LobbyPanel({
  clinician,
  waitingSince,
  clinicianOnline,
  canKnock,
  onKnock,
  joining = false,
}: {
  clinician: string;
  /** An ISO instant; unknown until the server first answers. */
  waitingSince: string | undefined;
  clinicianOnline: boolean;
  canKnock: boolean;
  onKnock: () => void;
  /** Let in, and joining the call. */
  joining?: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="section" aria-labelledby="lobby-title" withBorder p="md">
      <Stack gap="xs">
        <Group gap="xs">
          {joining && <Loader size="xs" />}
          <Title order={3} size="h4" id="lobby-title">
            {t('call.lobby.title')}
          </Title>
        </Group>
        {waitingSince && (
          <Text>{t('call.lobby.since', { time: formatTime(waitingSince, i18n.language), clinician })}</Text>
        )}
        <Text fw={500} data-testid="clinician-presence" data-online={String(clinicianOnline)}>
          {clinicianOnline ? t('call.lobby.online', { clinician }) : t('call.lobby.offline', { clinician })}
        </Text>
        <Group gap="sm" align="center">
          <Button variant="light" disabled={!canKnock} onClick={onKnock}>
            {t('call.lobby.knock')}
          </Button>
          {!canKnock && (
            <Text size="sm" c="dimmed">
              {t('call.lobby.knockLater', { seconds: lobbyRules.knockSeconds })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
