import { DateInput } from '@mantine/dates';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { dateDisplayFormat, parseDisplayDate, todayIso } from '../dates/date-format.ts';
import { useMessage } from '../i18n/use-message.ts';

export interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  /** No date after today can be chosen (birth and onset dates). */
  notInFuture?: boolean;
  minDate?: string;
}

/** SPEC 2 date input: week starts Monday; YYYY.MM.DD in Korean, MM/DD/YYYY otherwise. */
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
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={format}
      dateParser={(text) => parseDisplayDate(text, language) ?? null}
      placeholder={format}
      firstDayOfWeek={1}
      locale={language === 'zh-HK' ? 'zh-hk' : language}
      maxDate={notInFuture ? todayIso() : undefined}
      minDate={minDate}
      clearable={!required}
      required={required}
      withAsterisk={false}
      error={message(error)}
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('fields.clear') }}
      nextLabel={t('fields.nextMonth')}
      previousLabel={t('fields.previousMonth')}
    />
  );
}
