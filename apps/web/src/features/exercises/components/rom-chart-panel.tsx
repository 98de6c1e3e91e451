import { dateField, exerciseModes, type DeviceType } from '@clinic/contract';
import { Box, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate, todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useRomStatistics } from '../../../shared/api/rom-statistics.ts';
import { jointsOf } from './exercise-settings.ts';
import type { RomChartLabels } from './rom-chart.tsx';
import { daySeconds, romSeries } from './rom-series.ts';
import { useExerciseText } from './use-exercise-text.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

const RomChart = lazy(() => import('./rom-chart.tsx'));

/** The default range: the last 90 days up to today. */
export function defaultRange(today = todayIso()): { startDate: string; endDate: string } {
  return { startDate: dayjs(today).subtract(89, 'day').format('YYYY-MM-DD'), endDate: today };
}

/** The period and joint the address asks for (`from`, `to`, `position`), as a worklist alert links to them. */
function usePeriodAsked(): { range: { startDate: string; endDate: string }; position: string } | null {
  const [params] = useSearchParams();
  const range = { startDate: params.get('from') ?? '', endDate: params.get('to') ?? '' };
  if (!dateField.safeParse(range.startDate).success || !dateField.safeParse(range.endDate).success) return null;
  if (range.startDate > range.endDate) return null;
  return { range, position: /^\d+$/.test(params.get('position') ?? '') ? (params.get('position') ?? '') : '' };
}

/**
 * ROM over time with its filters (joint, mode, dates); compact on the dashboard, full on the
 * history tab, where the address may ask for a period (an alert's) to show first.
 */
export function RomChartPanel({
  seqMedicalRelation,
  deviceType,
  compact = false,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
  compact?: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useExerciseText();
  const asked = usePeriodAsked();
  const askedPeriod = compact ? null : asked;
  const [range, setRange] = useState(() => askedPeriod?.range ?? defaultRange());
  const [position, setPosition] = useState(askedPeriod?.position ?? '');
  const [mode, setMode] = useState('');
  const readable = dateField.safeParse(range.startDate).success && dateField.safeParse(range.endDate).success;
  const validRange = readable && range.startDate <= range.endDate;
  const shown = validRange ? range : defaultRange();
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
  const labels = useMemo<RomChartLabels>(
    () => ({
      day: t('exercises.chart.day'),
      minAngle: t('exercises.chart.minAngle'),
      maxAngle: t('exercises.chart.maxAngle'),
      prescribedMin: t('exercises.chart.prescribedMin'),
      prescribedMax: t('exercises.chart.prescribedMax'),
      minutes: t('exercises.chart.minutes'),
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
                error={readable && !validRange ? 'validation.range_order' : undefined}
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
        {askedPeriod &&
          range.startDate === askedPeriod.range.startDate &&
          range.endDate === askedPeriod.range.endDate && (
            <Text size="sm" data-testid="alert-period">
              {t('exercises.chart.alertPeriod', {
                from: formatDate(askedPeriod.range.startDate, i18n.language),
                to: formatDate(askedPeriod.range.endDate, i18n.language),
              })}
            </Text>
          )}
        {statistics.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {statistics.isError && <LoadFailed onRetry={() => void statistics.refetch()} />}
        {series && series.x.length === 0 && <Text c="dimmed">{t('exercises.chart.empty')}</Text>}
        {series && series.x.length > 0 && (
          <Box role="figure" aria-label={t('exercises.chart.summary', { days: series.x.length })}>
            <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
              <RomChart series={series} labels={labels} height={compact ? 220 : 360} span={span} />
            </Suspense>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
