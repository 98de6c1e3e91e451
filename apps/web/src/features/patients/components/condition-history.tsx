import type { ConditionEntry } from '@clinic/contract';
import { Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { useRemoveStatus, useStatusList } from '../api/patient-status.ts';
import { conditionFacts } from '../condition-labels.ts';
import { ConditionForm } from './condition-form.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** The filled-in items of one condition entry as a compact grid. */
export function ConditionFacts({ entry }: { entry: ConditionEntry }): ReactElement {
  const { t, i18n } = useTranslation();
  const facts = conditionFacts(t, entry, (value) => formatDate(value, i18n.language));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={6}>
      {facts.map((fact) => (
        <div key={fact.item}>
          <Text size="xs" c="dimmed" fw={600}>
            {fact.label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {fact.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The condition history, newest first, with add and remove (after a yes/no confirm). */
export function ConditionHistory({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t, i18n } = useTranslation();
  const list = useStatusList(seqMedicalRelation);
  const remove = useRemoveStatus(seqMedicalRelation);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ConditionEntry>();

  const confirmRemove = async (): Promise<void> => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.seqPatientStatus);
      showSuccess(t('condition.removed'));
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
    setRemoving(undefined);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="condition-heading">
      <Group justify="space-between" mb="md">
        <Title order={3} id="condition-heading">
          {t('condition.historyTitle')}
        </Title>
        <Button onClick={() => setAdding(true)}>{t('condition.add')}</Button>
      </Group>
      {list.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <Text c="dimmed">{t('condition.empty')}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data?.map((entry) => {
          const when = formatDateTime(entry.recordedAt, i18n.language);
          return (
            <Card
              component="li"
              withBorder
              key={entry.seqPatientStatus}
              padding="sm"
              aria-label={t('condition.entryLabel', { date: when })}
            >
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {t('condition.recordedAt', { date: when })}
                </Text>
                <DeleteButton label={t('condition.remove', { date: when })} onClick={() => setRemoving(entry)} />
              </Group>
              <ConditionFacts entry={entry} />
            </Card>
          );
        })}
      </Stack>
      <ConditionForm seqMedicalRelation={seqMedicalRelation} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmModal
        opened={removing !== undefined}
        title={t('condition.removeTitle')}
        body={t('condition.removeBody')}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => void confirmRemove()}
        loading={remove.isPending}
      />
    </Paper>
  );
}
