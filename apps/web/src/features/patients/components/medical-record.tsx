import { Badge, Group, Loader, Paper, Text, Timeline, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { useMedicalRecord } from '../api/get-medical-record.ts';
import { ConditionFacts } from './condition-history.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** The medical record: condition entries and notes (visits later) as one chronological record, newest first. */
export function MedicalRecord({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t, i18n } = useTranslation();
  const record = useMedicalRecord(seqMedicalRelation);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="record-heading">
      <Title order={3} id="record-heading">
        {t('record.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('record.intro')}
      </Text>
      {record.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {record.isError && <LoadFailed onRetry={() => void record.refetch()} />}
      {record.data?.length === 0 && <Text c="dimmed">{t('record.empty')}</Text>}
      {record.data && record.data.length > 0 && (
        <Timeline bulletSize={14} lineWidth={2} active={record.data.length}>
          {record.data.map((item) => (
            <Timeline.Item
              key={`${item.kind}-${item.kind === 'note' ? item.note.seqManagerNote : item.condition.seqPatientStatus}`}
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {item.kind === 'note' ? item.note.noteTitle : t('record.conditionEntry')}
                  </Text>
                  <Badge size="xs" variant="light" color={item.kind === 'note' ? 'blue' : 'teal'}>
                    {item.kind === 'note' ? t('record.kindNote') : t('record.kindCondition')}
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
              <Text size="xs" c="dimmed" mb={4}>
                {formatDateTime(item.at, i18n.language)}
              </Text>
              {item.kind === 'note' ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {item.note.noteContent}
                </Text>
              ) : (
                <ConditionFacts entry={item.condition} />
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
