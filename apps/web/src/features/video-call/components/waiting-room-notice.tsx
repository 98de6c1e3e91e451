import type { WaitingPatient } from '@clinic/contract';
import { Button, Group, Paper, Stack, Switch, Text, Title, type BoxProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/dates/date-format.ts';
import { messageText } from '../../../shared/i18n/i18n.ts';
import { useAdmitPatient } from '../api/admit-patient.ts';
import { useWaitingPatients } from '../hooks/use-waiting-patients.ts';
import { useWaitingRoomSound } from '../hooks/use-waiting-room-sound.ts';
import { playChime } from '../waiting-room-chime.ts';

/** The visit of the call screen, whose waiting patient the notice lets in. */
interface ShownCall {
  seqSchedule: number;
  /** The open call's meeting; null before Start. */
  meetingId: string | null;
  /** Shows a failure as the call screen shows its others. */
  onFailure: (text: string) => void;
}

export interface WaitingRoomNoticeProps extends Pick<BoxProps, 'pos' | 'top' | 'right' | 'bottom' | 'left'> {
  /** Opens a visit's call screen; without it the patients of other visits are only told of. */
  onOpenVisit?: ((patient: WaitingPatient) => void) | undefined;
  call?: ShownCall | undefined;
}

function AdmitAction({ patient, call }: { patient: WaitingPatient; call: ShownCall }): ReactElement {
  const { t } = useTranslation();
  const admit = useAdmitPatient();
  const { meetingId } = call;
  if (meetingId === null) {
    return (
      <Text size="xs" c="dimmed">
        {t('videoCall.waitingRoom.startFirst')}
      </Text>
    );
  }
  return (
    <Button
      size="compact-sm"
      color="teal"
      loading={admit.isPending}
      aria-label={t('videoCall.waitingRoom.admitOf', { name: patient.patientName })}
      onClick={() =>
        admit.mutate(
          { seqSchedule: patient.seqSchedule, meetingId },
          {
            onSuccess: (reply) => {
              if (!reply.isSuccess) call.onFailure(messageText(reply.failedCode));
            },
          },
        )
      }
    >
      {t('videoCall.waitingRoom.admit')}
    </Button>
  );
}

/**
 * The patients waiting in the waiting rooms of the clinician's visits, each with the way to their
 * call, and the switch of the knock's chime. It floats where the screen puts it, so an arrival never
 * pushes the screen's content; with nobody waiting it shows nothing.
 */
export function WaitingRoomNotice({ onOpenVisit, call, ...position }: WaitingRoomNoticeProps): ReactElement {
  const { t, i18n } = useTranslation();
  const patients = useWaitingPatients().data ?? [];
  const [soundOn, setSoundOn] = useWaitingRoomSound();
  const shown = patients.length > 0;

  return (
    <Paper
      {...position}
      w={360}
      maw="calc(100vw - 32px)"
      p={shown ? 'sm' : 0}
      withBorder={shown}
      shadow={shown ? 'md' : undefined}
      // The call screen writes in white on its dark background.
      c="var(--mantine-color-text)"
      style={{ zIndex: 5 }}
      data-testid="waiting-room"
    >
      {shown && (
        <Title order={2} size="h6" mb="xs">
          {t('videoCall.waitingRoom.title')}
        </Title>
      )}
      {/* There while nobody waits too, so that a screen reader tells of the first arrival. */}
      <div role="status" aria-live="polite">
        {shown && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {patients.map((patient) => (
              <Group
                component="li"
                key={patient.seqSchedule}
                justify="space-between"
                gap="xs"
                data-testid="waiting-patient"
              >
                <Text size="sm">
                  {t('videoCall.waitingRoom.waitingSince', {
                    name: patient.patientName,
                    time: formatTime(patient.waitingSince, i18n.language),
                  })}
                </Text>
                {call?.seqSchedule === patient.seqSchedule ? (
                  <AdmitAction patient={patient} call={call} />
                ) : (
                  onOpenVisit && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('videoCall.waitingRoom.openVisitOf', { name: patient.patientName })}
                      onClick={() => onOpenVisit(patient)}
                    >
                      {t('videoCall.waitingRoom.openVisit')}
                    </Button>
                  )
                )}
              </Group>
            ))}
          </Stack>
        )}
      </div>
      {shown && (
        <Switch
          mt="sm"
          size="xs"
          checked={soundOn}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setSoundOn(on);
            // Heard once as it is turned on: the click also lets the browser play the next knock's chime.
            if (on) playChime();
          }}
          label={t('videoCall.waitingRoom.sound')}
        />
      )}
    </Paper>
  );
}
