import { Box } from '@mantine/core';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayAxisOptions } from './day-axis.ts';

export interface DayChartProps {
  /** Unix seconds at the start of each day (local time). */
  x: readonly number[];
  y: readonly (number | null)[];
  /** The series name (legend) and the axis title, already translated. */
  seriesLabel: string;
  axisLabel: string;
  dayLabel: string;
  /** Lines with points for measures (angles), bars for counts and durations. */
  kind: 'line' | 'bars';
  color: string;
  height: number;
  /** The first and the last day shown, in Unix seconds, so a few days with data keep their place. */
  span: readonly [number, number];
  /** Suffix of the value ticks, e.g. "°". */
  tickSuffix?: string;
  /** Receives the drawn chart as a PNG data URL after every draw, e.g. for printing. */
  onImage?: (dataUrl: string) => void;
}

/** A uPlot chart of one value per day: the ROM monitoring charts of reports. */
function DayChart({
  x,
  y,
  seriesLabel,
  axisLabel,
  dayLabel,
  kind,
  color,
  height,
  span,
  tickSuffix = '',
  onImage,
}: DayChartProps): ReactElement {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const imageListener = useRef(onImage);
  useEffect(() => {
    imageListener.current = onImage;
  }, [onImage]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.6, 24] }) : undefined;
    const days = dayAxisOptions(language);
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height,
      scales: {
        x: { time: true, range: (): uPlot.Range.MinMax => [span[0] - 43_200, span[1] + 43_200] },
        y: kind === 'bars' ? { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] } : { auto: true },
      },
      axes: [days.axis, { label: axisLabel, values: (_u, ticks) => ticks.map((tick) => `${tick}${tickSuffix}`) }],
      series: [
        { label: dayLabel, value: days.legendValue },
        {
          label: seriesLabel,
          stroke: color,
          width: 2,
          ...(kind === 'bars'
            ? { fill: `${color}66`, points: { show: false }, ...(bars ? { paths: bars } : {}) }
            : { spanGaps: true, points: { show: x.length < 120, size: 4 } }),
        },
      ],
      hooks: {
        draw: [
          (plot) => {
            try {
              imageListener.current?.(plot.ctx.canvas.toDataURL('image/png'));
            } catch {
              // A canvas that cannot be read (never ours) simply has no image.
            }
          },
        ],
      },
    };
    const plot = new uPlot(options, [Array.from(x), Array.from(y)], element);
    // A hidden chart (e.g. the screen while printing) keeps its size, and so its printed image.
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) plot.setSize({ width: Math.max(280, element.clientWidth), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [x, y, seriesLabel, axisLabel, dayLabel, kind, color, height, span, tickSuffix, language]);
  return <Box ref={container} w="100%" />;
}

export default DayChart;
