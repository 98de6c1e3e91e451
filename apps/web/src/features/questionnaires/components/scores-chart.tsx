import { Box } from '@mantine/core';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayAxisOptions } from '../../../shared/charts/day-axis.ts';
import type { ScoreSeries } from '../model.ts';

export interface ScoresChartLabels {
  day: string;
  score: string;
  bandLow: string;
  bandHigh: string;
  improved: string;
  axis: string;
}

/**
 * uPlot chart of one instrument's scores on the ROM chart's time axis: the band of the minimal
 * important change around the baseline, and a marker on each score that improved beyond it.
 * A point clicked opens its response.
 */
function ScoresChart({
  series,
  labels,
  range,
  span,
  onPick,
}: {
  series: ScoreSeries;
  labels: ScoresChartLabels;
  /** The instrument's score range, the y axis. */
  range: { min: number; max: number };
  /** The first and the last day of the ROM chart, in Unix seconds: the same x range. */
  span: readonly [number, number];
  onPick: (index: number) => void;
}): ReactElement {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const days = dayAxisOptions(language);
    const height = 240;
    const band = { stroke: 'rgba(47, 158, 68, 0.5)', dash: [4, 4], width: 1, points: { show: false } };
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height,
      scales: {
        x: { time: true, range: (): uPlot.Range.MinMax => [span[0] - 43_200, span[1] + 43_200] },
        y: { range: (): uPlot.Range.MinMax => [range.min, range.max] },
      },
      axes: [days.axis, { label: labels.axis }],
      series: [
        { label: labels.day, value: days.legendValue },
        { label: labels.bandLow, ...band },
        { label: labels.bandHigh, ...band },
        { label: labels.score, stroke: '#7048e8', width: 2, spanGaps: true, points: { show: true, size: 7 } },
        {
          label: labels.improved,
          stroke: '#2f9e44',
          paths: () => null,
          points: { show: true, size: 13, width: 2, fill: '#2f9e44' },
        },
      ],
      bands: [{ series: [2, 1], fill: 'rgba(47, 158, 68, 0.1)' }],
      cursor: { points: { size: 9 } },
      hooks: {
        ready: [
          (plot) => {
            plot.over.addEventListener('click', () => {
              const index = plot.cursor.idx;
              if (index !== null && index !== undefined) pick.current(index);
            });
          },
        ],
      },
    };
    const plot = new uPlot(
      options,
      [series.x, series.bandLow, series.bandHigh, series.score, series.improved],
      element,
    );
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) plot.setSize({ width: Math.max(280, element.clientWidth), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, labels, range, span, language]);
  return <Box ref={container} w="100%" />;
}

export default ScoresChart;
