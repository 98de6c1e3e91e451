import { exerciseModes, type DeviceType } from '@clinic/contract';
import { Box, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useRomStatistics } from '../../../shared/api/rom-statistics.ts';
import type { ChartPeriod } from '../hooks/use-chart-period.ts';
import { jointsOf } from './exercise-settings.ts';
import type { RomChartLabels } from './rom-chart.tsx';
import { daySeconds, highestPain, romSeries } from './rom-series.ts';
import { useExerciseText } from './use-exercise-text.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

const RomChart = lazy(() => import('./rom-chart.tsx'));

/**
 * ROM over time with its filters (joint, mode, dates) on the given period; compact on the
 * dashboard, full on the history tab, where the period may be the one the address asks for (an
 * alert's).
 */
export function RomChartPanel({
  seqMedicalRelation,
  deviceType,
  period,
  compact = false,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
  period: ChartPeriod;
  compact?: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useExerciseText();
  const { range, setRange, shown, readable, asked } = period;
  const [position, setPosition] = useState(asked?.position ?? '');
  const [mode, setMode] = useState('');
  const span = useMemo(
    () => [daySeconds(shown.startDate), daySeconds(shown.endDate)] as const,
    [shown.startDate, shown.endDate],
  );
  const statistics = useRomStatistics({
    seqMedicalRelation,
    startDate: shown.startDate,
    endDate: shown.endDate,
    position: position === '' ? null : Number(position),
    mode: mode === '' ? null : Number(mode),
  });
  const series = useMemo(() => (statistics.data ? romSeries(statistics.data) : null), [statistics.data]);
  const pain = statistics.data ? highestPain(statistics.data.days) : undefined;
  const chartHeight = compact ? 220 : 360;
  // The chart's room is kept while it loads, so what is below it does not move when it draws.
  const chartLoading = (
    <Center h={chartHeight}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
  const labels = useMemo<RomChartLabels>(
    () => ({
      day: t('exercises.chart.day'),
      minAngle: t('exercises.chart.minAngle'),
      maxAngle: t('exercises.chart.maxAngle'),
      prescribedMin: t('exercises.chart.prescribedMin'),
      prescribedMax: t('exercises.chart.prescribedMax'),
      minutes: t('exercises.chart.minutes'),
      pain: t('exercises.chart.pain'),
      painValue: (level) => t('exercises.painValue', { level }),
      angleAxis: t('exercises.chart.angleAxis'),
      minutesAxis: t('exercises.chart.minutesAxis'),
    }),
    [t],
  );
  const title = t('exercises.chart.title');
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: compact ? 2 : 4 }}>
          <SelectField
            label={t('exercises.fields.position')}
            value={position}
            onChange={setPosition}
            placeholder={t('exercises.chart.allJoints')}
            options={jointsOf(deviceType).map((joint) => ({ value: String(joint), label: text.position(joint) }))}
            size="xs"
          />
          <SelectField
            label={t('exercises.fields.mode')}
            value={mode}
            onChange={setMode}
            placeholder={t('exercises.chart.allModes')}
            options={exerciseModes.map((value) => ({ value: String(value), label: text.mode(value) }))}
            size="xs"
          />
          {!compact && (
            <>
              <DateField
                label={t('exercises.chart.from')}
                value={range.startDate}
                onChange={(startDate) => setRange((previous) => ({ ...previous, startDate }))}
                notInFuture
                required
              />
              <DateField
                label={t('exercises.chart.to')}
                value={range.endDate}
                onChange={(endDate) => setRange((previous) => ({ ...previous, endDate }))}
                error={readable && range.startDate > range.endDate ? 'validation.range_order' : undefined}
                notInFuture
                required
              />
            </>
          )}
        </SimpleGrid>
        {compact && (
          <Text size="xs" c="dimmed">
            {t('exercises.chart.last90')}
          </Text>
        )}
        {asked && range.startDate === asked.range.startDate && range.endDate === asked.range.endDate && (
          <Text size="sm" data-testid="alert-period">
            {t('exercises.chart.alertPeriod', {
              from: formatDate(asked.range.startDate, i18n.language),
              to: formatDate(asked.range.endDate, i18n.language),
            })}
          </Text>
        )}
        {statistics.isPending && chartLoading}
        {statistics.isError && <LoadFailed onRetry={() => void statistics.refetch()} />}
        {series && series.x.length === 0 && <Text c="dimmed">{t('exercises.chart.empty')}</Text>}
        {series && series.x.length > 0 && (
          <Box role="figure" aria-label={t('exercises.chart.summary', { days: series.x.length })}>
            <Suspense fallback={chartLoading}>
              <RomChart series={series} labels={labels} height={chartHeight} span={span} />
            </Suspense>
          </Box>
        )}
        {pain && (
          <Text size="sm" data-testid="highest-pain">
            {t('exercises.chart.highestPain', { level: pain.level, date: formatDate(pain.date, i18n.language) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
