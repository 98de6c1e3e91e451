import { DateInput } from '@mantine/dates';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { dateDisplayFormat, parseDisplayDate, todayIso } from '../dates/date-format.ts';
import { useMessage } from '../i18n/use-message.ts';

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, '' for none, or the typed text when it is no date (the form's validation refuses it). */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  /** No date after today can be picked (birth and onset dates). */
  notInFuture?: boolean;
  minDate?: string;
}

/**
 * SPEC 2 date input: week starts Monday; YYYY.MM.DD in Korean, MM/DD/YYYY otherwise. The bounds only
 * grey out the calendar's days: a typed date is kept as typed, also outside them or unreadable, so
 * that the form refuses it with a message instead of silently putting back the previous date.
 */
export function DateField({
  label,
  value,
  onChange,
  error,
  required,
  notInFuture,
  minDate,
}: DateFieldProps): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const language = i18n.language;
  const format = dateDisplayFormat(language);
  const readable = value === '' || parseDisplayDate(value, language) === value;
  // The calendar keeps the last date while the text typed over it is unreadable, so that text stays.
  const [calendarValue, setCalendarValue] = useState(value);
  if (readable && calendarValue !== value) setCalendarValue(value);
  const maxDate = notInFuture ? todayIso() : undefined;
  const commitTyped = (text: string): void => {
    const typed = text.trim();
    const next = typed === '' ? '' : (parseDisplayDate(typed, language) ?? typed);
    if (next !== value) onChange(next);
  };
  return (
    <DateInput
      label={label}
      value={calendarValue || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={format}
      dateParser={(text) => parseDisplayDate(text, language) ?? null}
      fixOnBlur={false}
      onBlur={(event) => commitTyped(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commitTyped(event.currentTarget.value);
      }}
      placeholder={format}
      firstDayOfWeek={1}
      locale={language === 'zh-HK' ? 'zh-hk' : language}
      excludeDate={(day) => {
        const date = day.slice(0, 10);
        return (minDate !== undefined && date < minDate) || (maxDate !== undefined && date > maxDate);
      }}
      clearable={!required}
      required={required}
      withAsterisk={false}
      error={readable ? message(error) : message('validation.date_format')}
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('fields.clear') }}
      nextLabel={t('fields.nextMonth')}
      previousLabel={t('fields.previousMonth')}
    />
  );
}
