import type { MedicalRecordItem, Schedule } from '@clinic/contract';
import { Anchor, Badge, Group, Loader, Paper, Text, Timeline, Title, type MantineColor } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { patientDetailsPath, segments } from '../../../config/paths.ts';
import { formatDate, formatDateTime, formatTime } from '../../../shared/dates/date-format.ts';
import { useMedicalRecord } from '../api/get-medical-record.ts';
import { ConditionFacts } from './condition-history.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

const kindColors: Record<MedicalRecordItem['kind'], MantineColor> = {
  note: 'blue',
  condition: 'teal',
  visit: 'grape',
  messages: 'cyan',
};

function keyOf(item: MedicalRecordItem): string {
  if (item.kind === 'note') return `note-${item.note.seqManagerNote}`;
  if (item.kind === 'condition') return `condition-${item.condition.seqPatientStatus}`;
  if (item.kind === 'messages') return `messages-${item.messages.day}`;
  return `visit-${item.visit.seqSchedule}`;
}

/** A day of the message thread: how many, from the first to the last, and a link to the thread at that day. */
function MessageDayFacts({
  seqMedicalRelation,
  day,
}: {
  seqMedicalRelation: number;
  day: Extract<MedicalRecordItem, { kind: 'messages' }>['messages'];
}): ReactElement {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const date = formatDate(day.day, i18n.language);
  return (
    <>
      <Text size="xs" c="dimmed" mb={4}>
        {t('record.messagesTimes', {
          date,
          first: formatTime(day.firstAt, i18n.language),
          last: formatTime(day.lastAt, i18n.language),
        })}
      </Text>
      <Anchor
        component={Link}
        size="sm"
        to={`${patientDetailsPath(seqMedicalRelation, location.search, segments.patientDetailsMessages)}&day=${day.day}`}
      >
        {t('record.openThread', { date })}
      </Anchor>
    </>
  );
}

/**
 * The medical record: condition entries, notes, visits and days of messages as one chronological
 * record, newest first. A visit's facts come from the visits' own screens, through renderVisit.
 */
export function MedicalRecord({
  seqMedicalRelation,
  renderVisit,
}: {
  seqMedicalRelation: number;
  renderVisit: (visit: Schedule) => ReactNode;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const record = useMedicalRecord(seqMedicalRelation);
  const titleOf = (item: MedicalRecordItem): string =>
    item.kind === 'note'
      ? item.note.noteTitle
      : item.kind === 'condition'
        ? t('record.conditionEntry')
        : item.kind === 'messages'
          ? t('record.messagesEntry', { count: item.messages.count })
          : t('record.visitEntry');
  const kindLabel = {
    note: t('record.kindNote'),
    condition: t('record.kindCondition'),
    visit: t('record.kindVisit'),
    messages: t('record.kindMessages'),
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="record-heading">
      <Title order={3} id="record-heading">
        {t('record.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('record.intro')}
      </Text>
      {record.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {record.isError && <LoadFailed onRetry={() => void record.refetch()} />}
      {record.data?.length === 0 && <Text c="dimmed">{t('record.empty')}</Text>}
      {record.data && record.data.length > 0 && (
        <Timeline bulletSize={14} lineWidth={2} active={record.data.length}>
          {record.data.map((item) => (
            <Timeline.Item
              key={keyOf(item)}
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {titleOf(item)}
                  </Text>
                  <Badge size="xs" variant="light" color={kindColors[item.kind]}>
                    {kindLabel[item.kind]}
                  </Badge>
                  {item.kind === 'note' && (
                    <Badge size="xs" variant="outline" color={item.note.isPublic ? 'gray' : 'orange'}>
                      {item.note.isPublic ? t('notes.public') : t('notes.private')}
                    </Badge>
                  )}
                  {item.kind === 'note' && item.note.isImportant && (
                    <Badge size="xs" color="yellow">
                      {t('notes.important')}
                    </Badge>
                  )}
                </Group>
              }
            >
              {(item.kind === 'note' || item.kind === 'condition') && (
                <Text size="xs" c="dimmed" mb={4}>
                  {formatDateTime(item.at, i18n.language)}
                </Text>
              )}
              {item.kind === 'note' && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {item.note.noteContent}
                </Text>
              )}
              {item.kind === 'condition' && <ConditionFacts entry={item.condition} />}
              {item.kind === 'visit' && renderVisit(item.visit)}
              {item.kind === 'messages' && (
                <MessageDayFacts seqMedicalRelation={seqMedicalRelation} day={item.messages} />
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
