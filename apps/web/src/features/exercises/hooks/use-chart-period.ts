import { dateField } from '@clinic/contract';
import dayjs from 'dayjs';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { todayIso } from '../../../shared/dates/date-format.ts';

export interface Period {
  /** YYYY-MM-DD, in this browser's time zone. */
  startDate: string;
  endDate: string;
}

/** The period and joint the address asks for (`from`, `to`, `position`), as a worklist alert links to them. */
export interface PeriodAsked {
  range: Period;
  /** The joint, or '' for all. */
  position: string;
}

/** The period of the ROM chart, which the device records below it follow. */
export interface ChartPeriod {
  /** The dates as typed in the chart's fields, possibly unfinished or out of order. */
  range: Period;
  setRange: Dispatch<SetStateAction<Period>>;
  /** The period shown: the typed one once it is a real period, else the default. */
  shown: Period;
  /** Whether both typed dates are dates (then an order the wrong way round is the error to show). */
  readable: boolean;
  asked: PeriodAsked | null;
}

/** The default range: the last 90 days up to today. */
export function defaultRange(today = todayIso()): Period {
  return { startDate: dayjs(today).subtract(89, 'day').format('YYYY-MM-DD'), endDate: today };
}

const isDate = (value: string): boolean => dateField.safeParse(value).success;

function usePeriodAsked(): PeriodAsked | null {
  const [params] = useSearchParams();
  const range = { startDate: params.get('from') ?? '', endDate: params.get('to') ?? '' };
  if (!isDate(range.startDate) || !isDate(range.endDate) || range.startDate > range.endDate) return null;
  const position = params.get('position') ?? '';
  return { range, position: /^\d+$/.test(position) ? position : '' };
}

/**
 * The chart's period: the last 90 days, or on the history tab the period the address asks for
 * (an alert's) until the clinician changes the dates.
 */
export function useChartPeriod({ fromAddress }: { fromAddress: boolean }): ChartPeriod {
  const addressed = usePeriodAsked();
  const asked = fromAddress ? addressed : null;
  const [range, setRange] = useState(() => asked?.range ?? defaultRange());
  const readable = isDate(range.startDate) && isDate(range.endDate);
  const shown = readable && range.startDate <= range.endDate ? range : defaultRange();
  return { range, setRange, shown, readable, asked };
}
