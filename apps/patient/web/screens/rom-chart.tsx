import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { chartGeometry, romSummary, type ChartBox, type RomSeries } from '../program/program.ts';
import { formatShortDay } from '../visits/visits.ts';

const box: ChartBox = { width: 340, height: 170, left: 38, right: 8, top: 8, bottom: 24 };
const lineColor = 'var(--mantine-color-teal-8)';
const bandColor = 'var(--mantine-color-teal-1)';
const gridColor = 'var(--mantine-color-gray-3)';
const labelColor = 'var(--mantine-color-gray-7)';

/**
 * One joint's highest angle of each day as a line over the chart's days, on the band of the
 * prescribed range. The drawing is for the eye; screen readers get the summary and a table of the
 * same numbers.
 */
export function RomChart({
  series,
  joint,
  range,
  days,
}: {
  series: RomSeries;
  /** The joint and side, as the heading names them. */
  joint: string;
  range: { from: string; to: string };
  days: number;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const geometry = chartGeometry(series, range, box);
  const summary = romSummary(series.days);
  // Each angle's text once: the hidden table repeats the same few angles over a third of a year.
  const angleTexts = useMemo(() => {
    const angles = new Set(series.days.flatMap((day) => [day.maxAngle, day.minAngle]));
    return new Map([...angles].map((value) => [value, t('program.chart.degrees', { value })]));
  }, [series.days, t]);
  const degrees = (value: number): string => angleTexts.get(value) ?? t('program.chart.degrees', { value });
  const { plot } = geometry;

  return (
    <Stack gap={6}>
      <Text size="sm">
        {summary
          ? t('program.chart.summary', {
              latest: summary.latest.maxAngle,
              latestDate: formatShortDay(summary.latest.date, language),
              best: summary.best.maxAngle,
              bestDate: formatShortDay(summary.best.date, language),
            })
          : t('program.chart.empty', { days })}
      </Text>
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        width="100%"
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block', maxWidth: 560, fontSize: 11 }}
      >
        {geometry.band && (
          <rect x={plot.x} y={geometry.band.y} width={plot.width} height={geometry.band.height} fill={bandColor} />
        )}
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={plot.x} x2={plot.x + plot.width} y1={tick.y} y2={tick.y} stroke={gridColor} strokeWidth={1} />
            <text x={plot.x - 4} y={tick.y} textAnchor="end" dominantBaseline="middle" fill={labelColor}>
              {degrees(tick.value)}
            </text>
          </g>
        ))}
        <text x={plot.x} y={box.height - 6} fill={labelColor}>
          {formatShortDay(range.from, language)}
        </text>
        <text x={plot.x + plot.width} y={box.height - 6} textAnchor="end" fill={labelColor}>
          {formatShortDay(range.to, language)}
        </text>
        {geometry.points.length > 1 && (
          <polyline points={geometry.line} fill="none" stroke={lineColor} strokeWidth={2} strokeLinejoin="round" />
        )}
        {geometry.points.map((point) => (
          <circle key={point.date} cx={point.x} cy={point.y} r={3} fill={lineColor} />
        ))}
      </svg>
      <Group gap="md" aria-hidden="true">
        <Group gap={6} wrap="nowrap">
          <svg width="18" height="10" focusable="false">
            <line x1="0" x2="18" y1="5" y2="5" stroke={lineColor} strokeWidth={2} />
          </svg>
          <Text size="xs">{t('program.chart.line')}</Text>
        </Group>
        {series.prescribed && (
          <Group gap={6} wrap="nowrap">
            <svg width="18" height="10" focusable="false">
              <rect width="18" height="10" fill={bandColor} stroke={gridColor} />
            </svg>
            <Text size="xs">{t('program.chart.band', { min: series.prescribed.min, max: series.prescribed.max })}</Text>
          </Group>
        )}
      </Group>
      {series.days.length > 0 && (
        <VisuallyHidden>
          {/* Plain elements: a hidden table of a day per row needs none of Mantine's styling, and a third of a year of
              Mantine cells made most of the screen's first render. */}
          <table>
            <caption>{t('program.chart.table', { joint })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('program.chart.date')}</th>
                <th scope="col">{t('program.chart.highest')}</th>
                <th scope="col">{t('program.chart.lowest')}</th>
              </tr>
            </thead>
            <tbody>
              {series.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatShortDay(day.date, language)}</th>
                  <td>{degrees(day.maxAngle)}</td>
                  <td>{degrees(day.minAngle)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      )}
    </Stack>
  );
}
