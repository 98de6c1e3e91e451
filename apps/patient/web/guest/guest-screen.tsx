import { guestRoles, type GuestRole } from '@clinic/contract';
import { Alert, Box, Button, Container, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LobbyPanel } from '../call/lobby-panel.tsx';
import { PeerTiles } from '../call/peer-tiles.tsx';
import { StreamVideo } from '../call/stream-video.tsx';
import { formatDateTime } from '../visits/visits.ts';
import { useGuestCall } from './use-guest-call.ts';

/** The name and role a guest gives before the device check. */
function GuestForm({
  busy,
  problem,
  onOpen,
}: {
  busy: boolean;
  problem: string | undefined;
  onOpen: (name: string, role: GuestRole) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<GuestRole>('caregiver');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    onOpen(name.trim(), role);
  };
  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>{t('guest.intro')}</Text>
        <TextInput
          label={t('guest.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('guest.nameRequired') : undefined}
          autoComplete="name"
          required
        />
        <Radio.Group label={t('guest.role')} value={role} onChange={(value) => setRole(value)}>
          <Group gap="md" mt={4}>
            {guestRoles.map((option) => (
              <Radio key={option} value={option} label={t(`call.roles.${option}`)} />
            ))}
          </Group>
        </Radio.Group>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          {t('guest.continue')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * A guest's page (a caregiver, an interpreter) opened from the clinician's link, without an
 * account: name and role, the device check, the waiting room, then the call with everyone in it.
 */
export function GuestScreen(): ReactElement {
  const { t, i18n } = useTranslation();
  const call = useGuestCall();
  const { visit, step } = call;
  const inCall = step === 'lobby' || step === 'joining' || step === 'call';

  return (
    <Container size="sm" py="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            {visit ? t('guest.title', { clinician: visit.clinicianName }) : t('guest.titleNoVisit')}
          </Title>
          {visit && (
            <Text size="sm" c="dimmed">
              {formatDateTime(visit.expectStartDatetime, i18n.language)}
            </Text>
          )}
        </div>
        {(step === 'form' || step === 'opening') && (
          <GuestForm busy={step === 'opening'} problem={call.problem} onOpen={call.open} />
        )}
        {(step === 'refused' || step === 'removed' || step === 'left') && (
          <Alert color={step === 'left' ? 'teal' : 'orange'} role="alert" data-testid="guest-over">
            {step === 'refused' ? call.problem : t(`guest.${step}`)}
          </Alert>
        )}
        {call.mediaProblem && inCall && (
          <Alert color="orange" role="alert">
            {t(`call.media.${call.mediaProblem}`)}
          </Alert>
        )}
        {(step === 'lobby' || step === 'joining') && visit && (
          <LobbyPanel
            clinician={visit.clinicianName}
            waitingSince={call.waitingSince}
            clinicianOnline={call.clinicianOnline}
            canKnock={call.canKnock}
            onKnock={call.knock}
            joining={step === 'joining'}
          />
        )}
        {inCall && (
          <>
            <PeerTiles peers={call.peers} />
            <Box w={160} style={{ aspectRatio: '3 / 4', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
              <StreamVideo stream={call.selfStream} muted mirrored label={t('call.selfVideo')} testId="self-video" />
            </Box>
            <Group justify="center">
              <Button color="red" onClick={call.leave}>
                {t('call.leave')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
