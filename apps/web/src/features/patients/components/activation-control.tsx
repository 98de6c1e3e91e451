import { FailedCode, type PatientSummary } from '@clinic/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { useChangeActivation } from '../api/change-activation-status.ts';
import { PlanUpgradeModal } from './plan-upgrade-modal.tsx';

/** Activates or deactivates a patient; an activation over the plan limit brings the upgrade prompt. */
export function ActivationControl({
  patient,
  activeLimit,
}: {
  patient: PatientSummary;
  activeLimit?: number;
}): ReactElement {
  const { t } = useTranslation();
  const change = useChangeActivation();
  const [confirming, setConfirming] = useState(false);
  const [planFull, setPlanFull] = useState(false);

  const setEnabled = async (isEnabled: boolean): Promise<void> => {
    try {
      const reply = await change.mutateAsync({ seqMedicalRelation: patient.seqMedicalRelation, isEnabled });
      setConfirming(false);
      if (reply.isSuccess) {
        showSuccess(isEnabled ? t('patients.activation.activated') : t('patients.activation.deactivated'));
      } else if (reply.failedCode === FailedCode.PlanLimitReached) {
        setPlanFull(true);
      }
    } catch {
      setConfirming(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="activation-heading">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} id="activation-heading">
            {t('patients.activation.title')}
          </Title>
          <Badge color={patient.isEnabled ? 'teal' : 'gray'} variant="light">
            {patient.isEnabled ? t('patients.status.active') : t('patients.status.inactive')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {patient.isEnabled ? t('patients.activation.activeHint') : t('patients.activation.inactiveHint')}
        </Text>
        <Group>
          {patient.isEnabled ? (
            <Button variant="outline" color="gray" onClick={() => setConfirming(true)}>
              {t('patients.activation.deactivate')}
            </Button>
          ) : (
            <Button loading={change.isPending} onClick={() => void setEnabled(true)}>
              {t('patients.activation.activate')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('patients.activation.confirmTitle')}
        body={t('patients.activation.confirmBody', { name: patient.patientName })}
        onClose={() => setConfirming(false)}
        onConfirm={() => void setEnabled(false)}
        loading={change.isPending}
      />
      <PlanUpgradeModal opened={planFull} onClose={() => setPlanFull(false)} activeLimit={activeLimit} />
    </Paper>
  );
}
