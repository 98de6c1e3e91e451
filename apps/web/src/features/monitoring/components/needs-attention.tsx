import type { MonitoringAlert } from '@clinic/contract';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, todayIso } from '../../../shared/dates/date-format.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useOpenedOnce } from '../../../shared/ui/use-opened-once.ts';
import { useMonitoringAlerts, useSnoozeAlert } from '../api/monitoring.ts';
import { alertChartPath } from '../alert-period.ts';

// The dialog loads when first opened, so home's first paint does not wait for the modal's code.
const AcknowledgeAlertModal = lazy(() =>
  import('./acknowledge-alert-modal.tsx').then((module) => ({ default: module.AcknowledgeAlertModal })),
);

const snoozeDays = [1, 3, 7] as const;

/** The numbers behind an alert, in words. */
function useReasonText(): (alert: MonitoringAlert) => string {
  const { t, i18n } = useTranslation();
  const date = (value: string): string => formatDate(value, i18n.language);
  return ({ reason }) => {
    switch (reason.kind) {
      case 'noData':
        return t('monitoring.reason.noData', { days: reason.days });
      case 'lowAdherence':
        return t('monitoring.reason.lowAdherence', {
          done: reason.sessionsDone,
          prescribed: reason.sessionsPrescribed,
          percent: reason.percent,
        });
      case 'romRegression':
        return t(reason.end === 'max' ? 'monitoring.reason.romMax' : 'monitoring.reason.romMin', {
          previous: reason.previousMedian,
          recent: reason.recentMedian,
        });
      case 'pain':
        return t('monitoring.reason.pain', { level: reason.level, date: date(reason.reportedAt) });
      case 'pastDue':
        return t('monitoring.reason.pastDue', { date: date(reason.dueDate) });
      case 'questionnaireOverdue':
        return t('monitoring.reason.questionnaireOverdue', { title: reason.title, date: date(reason.dueAt) });
    }
  };
}

/** Home's "Needs attention": each patient's alerts from device data, to acknowledge or snooze. */
export function NeedsAttention(): ReactElement {
  const { t } = useTranslation();
  const { search } = useLocation();
  const alerts = useMonitoringAlerts();
  // Rendered in slices between frames rather than in one long task, as home's calendar is.
  const list = useDeferredValue(alerts.data);
  const snooze = useSnoozeAlert();
  const reasonOf = useReasonText();
  const [acknowledging, setAcknowledging] = useState<MonitoringAlert | null>(null);
  const acknowledgeMounted = useOpenedOnce(acknowledging !== null);

  const patients = new Map<number, MonitoringAlert[]>();
  for (const alert of list ?? [])
    patients.set(alert.seqMedicalRelation, [...(patients.get(alert.seqMedicalRelation) ?? []), alert]);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="needs-attention">
      <Title order={3} id="needs-attention" mb="md">
        {t('monitoring.title')}
      </Title>
      {alerts.isError ? (
        <LoadFailed onRetry={() => void alerts.refetch()} />
      ) : !list ? (
        <Skeleton height={80} role="status" aria-label={t('common.loading')} />
      ) : patients.size === 0 ? (
        <Text c="dimmed">{t('monitoring.empty')}</Text>
      ) : (
        <Stack gap="md">
          {snooze.isError && <Alert color="red">{t('monitoring.changeFailed')}</Alert>}
          {[...patients].map(([seqMedicalRelation, list]) => (
            <Stack
              key={seqMedicalRelation}
              gap="xs"
              component="article"
              aria-label={list[0]?.patientName}
              // A patient below the screen is laid out when scrolled to, not while the list first shows.
              style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 10rem' }}
            >
              <Anchor
                component={Link}
                fw={600}
                to={withLangQuery(`${paths.patientDetailsHistory}?id=${seqMedicalRelation}`, search)}
              >
                {list[0]?.patientName}
              </Anchor>
              {list.map((alert) => (
                <Group key={alert.seqMonitoringAlert} justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Badge
                      component={Link}
                      to={withLangQuery(alertChartPath(alert, todayIso()), search)}
                      title={t('monitoring.showOnChart')}
                      style={{ cursor: 'pointer' }}
                      color={alert.kind === 'pain' || alert.kind === 'romRegression' ? 'red' : 'orange'}
                    >
                      {t(`monitoring.kind.${alert.kind}`)}
                    </Badge>
                    <Text size="sm">{reasonOf(alert)}</Text>
                    {alert.endedAt && (
                      <Text size="sm" c="dimmed">
                        {t('monitoring.ended')}
                      </Text>
                    )}
                  </Group>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setAcknowledging(alert)}>
                      {t('monitoring.acknowledge')}
                    </Button>
                    {/* The phone's own picker, and no dropdown code before the list can show. */}
                    <NativeSelect
                      size="xs"
                      aria-label={t('monitoring.snooze')}
                      disabled={snooze.isPending}
                      value=""
                      onChange={(event) =>
                        snooze.mutate({
                          seqMonitoringAlert: alert.seqMonitoringAlert,
                          days: Number(event.currentTarget.value),
                        })
                      }
                      data={[
                        { value: '', label: t('monitoring.snooze'), disabled: true },
                        ...snoozeDays.map((days) => ({
                          value: String(days),
                          label: t(`monitoring.snoozeFor.${days}`),
                        })),
                      ]}
                    />
                  </Group>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {acknowledgeMounted && (
          <AcknowledgeAlertModal
            alert={acknowledging}
            reason={acknowledging ? reasonOf(acknowledging) : ''}
            onClose={() => setAcknowledging(null)}
          />
        )}
      </Suspense>
    </Paper>
  );
}
