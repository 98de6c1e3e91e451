import { Alert, Button, Group, Loader, Modal, Stack, Text, Title, CloseButton } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useReservableTimeline, type ReservableTimeline } from '../api/get-reservable-timeline.ts';
import { useUpdateReservableTimeline } from '../api/update-reservable-timeline.ts';
import {
  newWindow,
  timelineClocks,
  timelineOfWeek,
  validateWeek,
  weekdays,
  weekOfTimeline,
  windowErrorsOfReply,
  type WeekWindows,
  type WindowErrors,
} from '../timeline.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useReturnFocus } from '../../../shared/ui/use-return-focus.ts';

/** 2026-11-23 is a Monday: the weekday names of the language, Monday first. */
function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 22 + day)),
  );
}

const clockOptions = timelineClocks.map((clock) => ({ value: clock, label: clock }));

/** The clinician's weekly open hours (reservable timeline) in a modal. */
export function TimelineEditorModal({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  useReturnFocus();
  const timeline = useReservableTimeline();
  return (
    <Modal opened onClose={onClose} title={t('schedule.timeline.title')} size="lg">
      {timeline.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {timeline.isError && <LoadFailed onRetry={() => void timeline.refetch()} />}
      {timeline.data && <TimelineForm initial={timeline.data} onClose={onClose} />}
    </Modal>
  );
}

function TimelineForm({ initial, onClose }: { initial: ReservableTimeline; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const language = i18n.language;
  const update = useUpdateReservableTimeline();
  const [week, setWeek] = useState<WeekWindows>(() => weekOfTimeline(initial.timeline));
  const [errors, setErrors] = useState<WindowErrors>({});
  const [general, setGeneral] = useState<string | undefined>();

  const change = (day: number, windows: WeekWindows[number]): void => {
    setWeek((previous) => ({ ...previous, [day]: windows }));
    setGeneral(undefined);
  };

  const setClock = (day: number, key: string, field: 'startTime' | 'endTime', value: string): void => {
    change(
      day,
      (week[day] ?? []).map((window) => (window.key === key ? { ...window, [field]: value } : window)),
    );
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const save = async (): Promise<void> => {
    const found = validateWeek(week);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { keys, timeline } = timelineOfWeek(week);
    try {
      await update.mutateAsync(timeline);
      showSuccess(t('schedule.timeline.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        const mapped = windowErrorsOfReply(error.fields, keys);
        setErrors(mapped.windows);
        setGeneral(mapped.general);
      }
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('schedule.timeline.intro', { timeZone: initial.timeZone })}
      </Text>
      {general && <Alert color="red">{message(general)}</Alert>}
      {weekdays.map((day) => {
        const name = weekdayName(day, language);
        const windows = week[day] ?? [];
        return (
          <Stack key={day} gap={6} component="section" aria-label={name}>
            <Group justify="space-between">
              <Title order={3} size="h6">
                {name}
              </Title>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => change(day, [...windows, newWindow(windows)])}
                aria-label={t('schedule.timeline.addWindowOf', { day: name })}
              >
                {t('schedule.timeline.addWindow')}
              </Button>
            </Group>
            {windows.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('schedule.timeline.closed')}
              </Text>
            )}
            {windows.map((window, index) => (
              <Group key={window.key} gap="xs" align="flex-start" wrap="nowrap">
                <SelectField
                  size="xs"
                  label={t('schedule.timeline.startOf', { day: name, number: index + 1 })}
                  allowEmpty={false}
                  value={window.startTime}
                  onChange={(value) => setClock(day, window.key, 'startTime', value)}
                  options={clockOptions.slice(0, -1)}
                  error={errors[window.key]?.startTime}
                />
                <SelectField
                  size="xs"
                  label={t('schedule.timeline.endOf', { day: name, number: index + 1 })}
                  allowEmpty={false}
                  value={window.endTime}
                  onChange={(value) => setClock(day, window.key, 'endTime', value)}
                  options={clockOptions.slice(1)}
                  error={errors[window.key]?.endTime}
                />
                <CloseButton
                  mt={22}
                  aria-label={t('schedule.timeline.removeWindow', {
                    day: name,
                    start: window.startTime,
                    end: window.endTime,
                  })}
                  onClick={() => {
                    change(
                      day,
                      windows.filter((other) => other.key !== window.key),
                    );
                    setErrors(({ [window.key]: _removed, ...rest }) => rest);
                  }}
                />
              </Group>
            ))}
          </Stack>
        );
      })}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button loading={update.isPending} onClick={() => void save()}>
          {t('schedule.timeline.save')}
        </Button>
      </Group>
    </Stack>
  );
}
