import { Box } from '@mantine/core';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayAxisOptions } from '../../../shared/charts/day-axis.ts';
import type { RomSeries } from './rom-series.ts';

export interface RomChartLabels {
  day: string;
  minAngle: string;
  maxAngle: string;
  prescribedMin: string;
  prescribedMax: string;
  minutes: string;
  angleAxis: string;
  minutesAxis: string;
  pain: string;
  /** A reported pain level as the legend reads it. */
  painValue: (level: number) => string;
}

/**
 * uPlot chart of the angles reached per day against the prescribed range, with exercise minutes as
 * bars and a marker on the maximum angle of each day a patient reported pain, whose level the legend
 * reads when the day is pointed at.
 */
function RomChart({
  series,
  labels,
  height,
  span,
}: {
  series: RomSeries;
  labels: RomChartLabels;
  height: number;
  /** The first and the last day shown, in Unix seconds, so a few days with records keep their place. */
  span: readonly [number, number];
}): ReactElement {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
    const days = dayAxisOptions(language);
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height,
      scales: {
        x: { time: true, range: (): uPlot.Range.MinMax => [span[0] - 43_200, span[1] + 43_200] },
        angle: { auto: true },
        minutes: { auto: true, range: (_u, _min, max) => [0, Math.max(10, max * 1.2)] },
      },
      axes: [
        days.axis,
        { scale: 'angle', label: labels.angleAxis, values: (_u, ticks) => ticks.map((tick) => `${tick}°`) },
        { scale: 'minutes', label: labels.minutesAxis, side: 1, grid: { show: false } },
      ],
      series: [
        { label: labels.day, value: days.legendValue },
        {
          label: labels.minutes,
          scale: 'minutes',
          fill: 'rgba(134, 142, 150, 0.25)',
          stroke: 'rgba(134, 142, 150, 0.6)',
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
        {
          label: labels.prescribedMin,
          scale: 'angle',
          stroke: '#2f9e44',
          dash: [6, 4],
          width: 1.5,
          points: { show: false },
        },
        {
          label: labels.prescribedMax,
          scale: 'angle',
          stroke: '#2f9e44',
          dash: [6, 4],
          width: 1.5,
          points: { show: false },
        },
        { label: labels.minAngle, scale: 'angle', stroke: '#1c7ed6', width: 2, spanGaps: true },
        { label: labels.maxAngle, scale: 'angle', stroke: '#e8590c', width: 2, spanGaps: true },
        {
          label: labels.pain,
          scale: 'angle',
          stroke: '#c92a2a',
          paths: () => null,
          points: { show: true, size: 11, width: 2, fill: '#c92a2a' },
          value: (_u, _value, _series, index) => {
            const level = index === null ? null : series.pain[index];
            return level === null || level === undefined ? '—' : labels.painValue(level);
          },
        },
      ],
      bands: [{ series: [3, 2], fill: 'rgba(47, 158, 68, 0.08)' }],
    };
    const plot = new uPlot(
      options,
      [
        series.x,
        series.minutes,
        series.prescribedMin,
        series.prescribedMax,
        series.minAngle,
        series.maxAngle,
        series.maxAngle.map((angle, index) => (series.pain[index] === null ? null : angle)),
      ],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, labels, height, span, language]);
  return <Box ref={container} w="100%" />;
}

export default RomChart;
