import {
  DeviceType,
  ExerciseStatus,
  programRomDays,
  type ProgramPrescription,
  type ProgramSession,
} from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { Alert, Badge, Button, Container, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useProgram } from '../api/program.ts';
import { useMyQuestionnaires } from '../api/questionnaires.ts';
import { AsOf } from '../offline/as-of.tsx';
import {
  chartStart,
  directionName,
  formatDate,
  minutesAndSeconds,
  newestFirst,
  positionName,
  progressOf,
  romSeries,
} from '../program/program.ts';
import { formatDateTime, todayIn } from '../visits/visits.ts';
import { DueQuestionnaires } from './due-questionnaires.tsx';
import classes from './program-screen.module.css';
import { RomChart } from './rom-chart.tsx';

/** "Knee, left" in the reader's language and word order. */
function useJointLabel(): (position: number, direction: number) => string {
  const { t } = useTranslation();
  return (position, direction) => {
    const name = positionName(position);
    const joint = t(`program.positions.${name ?? 'other'}`);
    const side = directionName(direction);
    return side ? t('program.jointSide', { joint, side: t(`program.directions.${side}`) }) : joint;
  };
}

function PrescriptionCard({ prescription }: { prescription: ProgramPrescription }): ReactElement {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const progress = progressOf(prescription);
  const joint = jointLabel(prescription.position, prescription.direction);
  const titleId = `prescription-${prescription.seqExercise}`;
  const progressText = t('program.progress', { done: progress.done, due: progress.due });
  const inProgress = prescription.exerciseStatus === ExerciseStatus.onProgress;
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4} id={titleId}>
            {joint}
          </Title>
          <Badge color={inProgress ? 'blue' : 'teal'} variant="light" tt="none" style={{ flexShrink: 0 }}>
            {t(`program.statuses.${inProgress ? 'onProgress' : 'waiting'}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t(`program.devices.${prescription.deviceType === DeviceType.pro ? 'pro' : 'home'}`)} ·{' '}
          {t('program.perDay', { count: prescription.sessionsPerDay })}
        </Text>
        <Text size="sm">{t('program.range', { min: prescription.minRom, max: prescription.maxRom })}</Text>
        <Group gap="xs">
          <Text size="sm">{t('program.due', { date: formatDate(prescription.dueDate, i18n.language) })}</Text>
          {prescription.isPastDue && (
            <Badge color="red" variant="light" tt="none">
              {t('program.pastDue')}
            </Badge>
          )}
        </Group>
        <Progress.Root
          size="lg"
          mt={4}
          role="progressbar"
          aria-label={`${t('program.progressLabel')} – ${joint}`}
          aria-valuemin={0}
          aria-valuemax={Math.max(progress.due, 1)}
          aria-valuenow={Math.min(progress.done, progress.due)}
          aria-valuetext={progressText}
        >
          <Progress.Section value={progress.percent} color="teal" withAria={false} />
        </Progress.Root>
        <Text size="sm" fw={500}>
          {progressText}
        </Text>
        <Text size="sm" c="dimmed">
          {t('program.prescribedBy', { clinician: prescription.managerName })}
        </Text>
      </Stack>
    </Paper>
  );
}

function SessionItem({ session }: { session: ProgramSession }): ReactElement {
  const { t, i18n } = useTranslation();
  const jointLabel = useJointLabel();
  const date = formatDateTime(session.usageStartDatetime, i18n.language, browserTimeZone());
  const { minutes, seconds } = minutesAndSeconds(session.durationSeconds);
  return (
    <li className={classes.session} aria-label={t('program.sessionLabel', { date })}>
      <p className={classes.when}>{date}</p>
      <p>
        {jointLabel(session.position, session.direction)} ·{' '}
        {t('program.angles', { min: Math.round(session.minAngle), max: Math.round(session.maxAngle) })}
      </p>
      <p className={classes.dimmed}>
        {t('program.duration', { minutes, seconds })} ·{' '}
        {session.painLevel === null ? t('program.noPain') : t('program.pain', { level: session.painLevel })}
      </p>
    </li>
  );
}

export function ProgramScreen(): ReactElement {
  const { t } = useTranslation();
  const program = useProgram();
  // Asked for with the program (screens.ts): the due questionnaires come first on the screen, so the
  // program waits for them rather than being pushed down by them once drawn.
  const questionnaires = useMyQuestionnaires();
  // The cards, charts and sessions render in a background render after the heading, which React
  // splits into slices, not in one long task: false at mount, even when the data is already there.
  const data = useDeferredValue(program.data);
  const settled = useDeferredValue(!program.isPending && !questionnaires.isPending, false);
  const jointLabel = useJointLabel();
  const today = todayIn(browserTimeZone());
  const range = useMemo(() => ({ from: chartStart(today, programRomDays), to: today }), [today]);
  const charts = useMemo(
    () => (settled && data ? romSeries(data.romDays, data.prescriptions, range) : []),
    [settled, data, range],
  );
  const sessions = useMemo(() => (settled ? newestFirst(data?.recentSessions ?? []) : []), [settled, data]);

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Title order={2}>{t('program.title')}</Title>
        <AsOf query={program} />
        {settled && <DueQuestionnaires list={questionnaires} />}
        {!(settled && (data || program.isError)) && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('program.loading')}</Text>
          </Group>
        )}
        {settled && program.isError && !program.data && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('program.loadFailed')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void program.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {settled && data && (
          <>
            <section aria-labelledby="prescriptions-title">
              <Title order={3} id="prescriptions-title" mb="xs">
                {t('program.prescriptions')}
              </Title>
              {data.prescriptions.length === 0 ? (
                <Text c="dimmed">{t('program.noPrescriptions')}</Text>
              ) : (
                <Stack gap="sm">
                  {data.prescriptions.map((prescription) => (
                    <PrescriptionCard key={prescription.seqExercise} prescription={prescription} />
                  ))}
                </Stack>
              )}
            </section>
            {charts.length > 0 && (
              <section aria-labelledby="rom-title">
                <Title order={3} id="rom-title">
                  {t('program.chart.title')}
                </Title>
                <Text size="sm" c="dimmed" mb="xs">
                  {t('program.chart.intro', { days: programRomDays })}
                </Text>
                <Stack gap="lg">
                  {charts.map((series) => {
                    const joint = jointLabel(series.position, series.direction);
                    return (
                      <div key={`${series.position}:${series.direction}`}>
                        <Title order={4} mb={4}>
                          {joint}
                        </Title>
                        <RomChart series={series} joint={joint} range={range} days={programRomDays} />
                      </div>
                    );
                  })}
                </Stack>
              </section>
            )}
            <section aria-labelledby="sessions-title">
              <Title order={3} id="sessions-title" mb="xs">
                {t('program.sessions')}
              </Title>
              {sessions.length === 0 ? (
                <Text c="dimmed">{t('program.noSessions')}</Text>
              ) : (
                <ul className={classes.sessions}>
                  {sessions.map((session) => (
                    <SessionItem key={session.seqExerciseRecord} session={session} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Stack>
    </Container>
  );
}
