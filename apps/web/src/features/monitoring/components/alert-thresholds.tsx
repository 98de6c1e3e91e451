import { useContractForm } from '@clinic/client/contract-form';
import { monitoringLimits, saveMonitoringSettings, type MonitoringSettings } from '@clinic/contract';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useMonitoringSettings, useSaveMonitoringSettings } from '../api/monitoring.ts';

const fields = ['noDataDays', 'adherencePercent', 'romDropDegrees', 'romDropPercent', 'painLevel'] as const;

function ThresholdsForm({ saved }: { saved: MonitoringSettings }): ReactElement {
  const { t } = useTranslation();
  const save = useSaveMonitoringSettings();
  const initialValues: Record<keyof MonitoringSettings, number | ''> = saved;
  const form = useContractForm({
    initialValues,
    schema: saveMonitoringSettings.request,
    send: (settings) => save.mutateAsync(settings),
  });
  const { values, errors } = form;
  const complete = fields.every((field) => values[field] !== '');
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('monitoring.settings.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <NumberField
              key={field}
              label={t(`monitoring.settings.${field}`)}
              value={values[field]}
              min={monitoringLimits[field][0]}
              max={monitoringLimits[field][1]}
              onChange={(value) => form.setValue(field, value)}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
        {save.isError && <Alert color="red">{t('monitoring.changeFailed')}</Alert>}
        {save.isSuccess && <Alert color="green">{t('monitoring.settings.saved')}</Alert>}
        <Button type="submit" disabled={!complete} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('monitoring.settings.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** My page: the thresholds at which device data raises an alert. */
export function AlertThresholds(): ReactElement {
  const { t } = useTranslation();
  const settings = useMonitoringSettings();
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton height={160} role="status" aria-label={t('common.loading')} />;
  return <ThresholdsForm saved={settings.data} />;
}
