import type { Language, QuestionnaireCadence, QuestionnaireScheduleView } from '@clinic/contract';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useQuestionnaireSchedules, useScheduleChanges } from '../api/questionnaires.ts';
import { CustomQuestionnaireDialog } from './custom-questionnaire-dialog.tsx';
import { SendDialog } from './send-dialog.tsx';

type Dialog =
  { kind: 'send'; instrument?: string } | { kind: 'custom' } | { kind: 'cancel'; schedule: QuestionnaireScheduleView };

function useCadenceText(): (cadence: QuestionnaireCadence) => string {
  const { t, i18n } = useTranslation();
  return (cadence) => {
    switch (cadence.kind) {
      case 'once':
        return t('questionnaires.cadence.once');
      case 'beforeVisit':
        return t('questionnaires.cadence.beforeVisit', { hours: cadence.hoursBefore });
      case 'repeat': {
        const every =
          cadence.every === 1
            ? t(`questionnaires.cadence.every1.${cadence.unit}`)
            : t(`questionnaires.cadence.everyN.${cadence.unit}`, { every: cadence.every });
        const start = t('questionnaires.cadence.from', {
          date: formatDate(cadence.startDate, i18n.language),
          time: cadence.time,
        });
        const end =
          cadence.endDate !== undefined
            ? t('questionnaires.cadence.until', { date: formatDate(cadence.endDate, i18n.language) })
            : t('questionnaires.cadence.times', { times: cadence.times });
        return `${every} ${start}, ${end}`;
      }
    }
  };
}

/** A schedule's questionnaires still open: those due or overdue, and the next one to come. */
function OpenRequests({ schedule }: { schedule: QuestionnaireScheduleView }): ReactElement {
  const { t, i18n } = useTranslation();
  const pending = schedule.openRequests.filter((request) => request.state !== 'scheduled');
  const next = schedule.openRequests.find((request) => request.state === 'scheduled');
  if (pending.length === 0 && !next) return <Text size="sm">{t('questionnaires.panel.noneOpen')}</Text>;
  return (
    <Stack gap={2}>
      {pending.map((request) => (
        <Group key={request.seqQuestionnaireRequest} gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" color={request.state === 'overdue' ? 'red' : 'blue'}>
            {t(`questionnaires.requestStates.${request.state}`)}
          </Badge>
          <Text size="sm">{formatDateTime(request.dueAt, i18n.language)}</Text>
        </Group>
      ))}
      {next && (
        <Text size="sm">{t('questionnaires.panel.next', { date: formatDateTime(next.dueAt, i18n.language) })}</Text>
      )}
    </Stack>
  );
}

/**
 * The patient's dashboard: their questionnaire schedules with the questionnaires still open,
 * sending one, adding a questionnaire of the clinician's own, and cancelling a schedule.
 */
export function QuestionnairesPanel({
  seqMedicalRelation,
  isAppMember,
  patientLanguage,
}: {
  seqMedicalRelation: number;
  isAppMember: boolean;
  patientLanguage: Language | undefined;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const cadenceText = useCadenceText();
  const schedules = useQuestionnaireSchedules(seqMedicalRelation);
  const { cancel } = useScheduleChanges(seqMedicalRelation);
  const [dialog, setDialog] = useState<Dialog>();
  const close = (): void => setDialog(undefined);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="questionnaires-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={3} id="questionnaires-heading">
            {t('questionnaires.panel.title')}
          </Title>
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog({ kind: 'custom' })}>
              {t('questionnaires.custom.open')}
            </Button>
            <Button disabled={!isAppMember} onClick={() => setDialog({ kind: 'send' })}>
              {t('questionnaires.send.open')}
            </Button>
          </Group>
        </Group>
        {!isAppMember && (
          <Text size="sm" c="dimmed">
            {t('questionnaires.panel.notAppMember')}
          </Text>
        )}
        {schedules.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
        {schedules.isError && <LoadFailed onRetry={() => void schedules.refetch()} />}
        {schedules.data && schedules.data.scheduleList.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('questionnaires.panel.empty')}
          </Text>
        )}
        {schedules.data && schedules.data.scheduleList.length > 0 && (
          <Table withTableBorder fz="sm" verticalSpacing={4} aria-labelledby="questionnaires-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('questionnaires.panel.instrument')}</Table.Th>
                <Table.Th>{t('questionnaires.panel.cadence')}</Table.Th>
                <Table.Th>{t('questionnaires.panel.open')}</Table.Th>
                <Table.Th>{t('questionnaires.panel.answered')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('questionnaires.panel.cancel')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.data.scheduleList.map((schedule) => (
                <Table.Tr key={schedule.seqQuestionnaireSchedule}>
                  <Table.Td>{schedule.title}</Table.Td>
                  <Table.Td>
                    {cadenceText(schedule.cadence)}
                    <Text size="xs" c="dimmed">
                      {t('questionnaires.panel.createdBy', {
                        date: formatDate(schedule.createdAt, i18n.language),
                        name: schedule.createdBy,
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {schedule.cancelledAt ? (
                      <Text size="sm">
                        {t('questionnaires.panel.cancelledOn', {
                          date: formatDate(schedule.cancelledAt, i18n.language),
                        })}
                      </Text>
                    ) : (
                      <OpenRequests schedule={schedule} />
                    )}
                  </Table.Td>
                  <Table.Td>{schedule.answeredCount}</Table.Td>
                  <Table.Td>
                    {!schedule.cancelledAt && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('questionnaires.panel.cancelOf', { title: schedule.title })}
                        onClick={() => setDialog({ kind: 'cancel', schedule })}
                      >
                        {t('questionnaires.panel.cancel')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {cancel.isError && (
          <Alert color="red" role="alert">
            {t('questionnaires.panel.cancelFailed')}
          </Alert>
        )}
      </Stack>
      {dialog?.kind === 'send' && (
        <SendDialog
          seqMedicalRelation={seqMedicalRelation}
          patientLanguage={patientLanguage ?? schedules.data?.patientLanguage ?? undefined}
          {...(dialog.instrument !== undefined && { initialInstrument: dialog.instrument })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'custom' && (
        <CustomQuestionnaireDialog
          onClose={close}
          onCreated={(instrument) => (isAppMember ? setDialog({ kind: 'send', instrument }) : close())}
        />
      )}
      <ConfirmModal
        opened={dialog?.kind === 'cancel'}
        title={t('questionnaires.panel.cancelTitle')}
        body={dialog?.kind === 'cancel' ? t('questionnaires.panel.cancelBody', { title: dialog.schedule.title }) : ''}
        yesLabel={t('questionnaires.panel.confirmCancel')}
        noLabel={t('questionnaires.panel.keep')}
        loading={cancel.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'cancel') return;
          cancel.mutate(dialog.schedule.seqQuestionnaireSchedule, { onSettled: close });
        }}
      />
    </Paper>
  );
}
