import type { MonitoringAlert } from '@clinic/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeAlert } from '../api/monitoring.ts';

/** Acknowledges an alert, with an optional note kept in the patient's medical record. */
export function AcknowledgeAlertModal({
  alert,
  reason,
  onClose,
}: {
  alert: MonitoringAlert | null;
  reason: string;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlert();
  const [note, setNote] = useState('');
  const close = (): void => {
    setNote('');
    acknowledge.reset();
    onClose();
  };

  return (
    <Modal
      opened={alert !== null}
      onClose={close}
      title={t('monitoring.acknowledgeTitle', { name: alert?.patientName ?? '' })}
    >
      <Stack gap="sm">
        <Text size="sm">{reason}</Text>
        {acknowledge.isError && <Alert color="red">{t('monitoring.changeFailed')}</Alert>}
        <Textarea
          label={t('monitoring.note')}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={acknowledge.isPending}
            onClick={() => {
              if (!alert) return;
              acknowledge.mutate({ seqMonitoringAlert: alert.seqMonitoringAlert, note }, { onSuccess: close });
            }}
          >
            {t('monitoring.acknowledge')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
