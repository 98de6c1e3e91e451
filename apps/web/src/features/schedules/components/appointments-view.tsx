import { wallClockIn, type Schedule } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { ActionIcon, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useSchedulesInRange } from '../api/get-schedules-in-range.ts';
import {
  calendarViews,
  defaultView,
  firstOpenSlot,
  rangeOf,
  shiftDate,
  weekDays,
  type CalendarView,
} from '../calendar.ts';
import { ScheduleCalendar } from './schedule-calendar.tsx';
import type { ScheduleModalTarget } from './schedule-modal.tsx';
import { StatusLegend } from './schedule-status.tsx';
import { TodayVisits } from './today-visits.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

// The visit form (with its date picker) and the opening-hours editor load when first opened, not with home.
const ScheduleModal = lazy(() => import('./schedule-modal.tsx').then((module) => ({ default: module.ScheduleModal })));
const TimelineEditorModal = lazy(() =>
  import('./timeline-editor.tsx').then((module) => ({ default: module.TimelineEditorModal })),
);

/** The clock, ticking each minute so passed slots close as time goes by. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function periodTitle(view: CalendarView, date: string, language: string): string {
  if (view === 'day') return formatDate(date, language);
  if (view === 'week') {
    const days = weekDays(date);
    return `${formatDate(days[0], language)} – ${formatDate(days[6], language)}`;
  }
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 7)}-01T00:00:00Z`),
  );
}

const noSchedules: Schedule[] = [];

/**
 * SPEC 2 appointments view: the calendar of visits, today's list, booking and the open hours.
 * `onStartVisit` opens the video visit of one of today's waiting or running visits. Memoised: home
 * re-renders when its alerts arrive, which changes nothing here.
 */
export const AppointmentsView = memo(function AppointmentsView({
  onStartVisit,
}: {
  onStartVisit?: ((schedule: Schedule) => void) | undefined;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = browserTimeZone();
  const now = useNow();
  const today = wallClockIn(now, timeZone).date;
  const [view, setView] = useState<CalendarView>(defaultView);
  const [date, setDate] = useState(today);
  const [target, setTarget] = useState<ScheduleModalTarget | null>(null);
  const [editingHours, setEditingHours] = useState(false);
  const range = rangeOf(view, date);
  const query = useSchedulesInRange(range);
  // A query's answer renders at once and in one piece; the calendar's hundreds of slots then take a
  // phone's main thread for a third of a second. Deferred, they render in slices between frames.
  const schedules = useDeferredValue(query.data ?? noSchedules);

  const openSchedule = useCallback((schedule: Schedule): void => setTarget({ kind: 'existing', schedule }), []);
  const openSlot = useCallback(
    (slotDate: string, minute: number) => setTarget({ kind: 'new', date: slotDate, minute }),
    [],
  );
  const openDay = useCallback((day: string) => {
    setDate(day);
    setView('day');
  }, []);
  const title = periodTitle(view, date, language);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{t('schedule.title')}</Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setEditingHours(true)}>
            {t('schedule.openHours')}
          </Button>
          <Button onClick={() => setTarget({ kind: 'new', ...firstOpenSlot(date, timeZone, now) })}>
            {t('schedule.newVisit')}
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm" component="section" aria-label={t('schedule.calendarLabel')}>
            <Group justify="space-between" gap="sm">
              <Group gap="xs">
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => setDate(shiftDate(view, date, -1))}
                  aria-label={t('schedule.previous')}
                >
                  ‹
                </ActionIcon>
                <Button variant="default" onClick={() => setDate(today)}>
                  {t('schedule.today')}
                </Button>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => setDate(shiftDate(view, date, 1))}
                  aria-label={t('schedule.next')}
                >
                  ›
                </ActionIcon>
                <Text fw={600} aria-live="polite" data-testid="calendar-period">
                  {title}
                </Text>
                {query.isFetching && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
              </Group>
              {/* Plain buttons: a segmented control measures the page to place its indicator, a long forced layout. */}
              <Button.Group aria-label={t('schedule.viewLabel')}>
                {calendarViews.map((value) => (
                  <Button
                    key={value}
                    variant={view === value ? 'filled' : 'default'}
                    aria-pressed={view === value}
                    onClick={() => setView(value)}
                  >
                    {t(`schedule.views.${value}`)}
                  </Button>
                ))}
              </Button.Group>
            </Group>
            <StatusLegend />
            {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
            <ScheduleCalendar
              view={view}
              date={date}
              today={today}
              now={now}
              timeZone={timeZone}
              schedules={schedules}
              onSlot={openSlot}
              onSchedule={openSchedule}
              onDay={openDay}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TodayVisits today={today} timeZone={timeZone} onSchedule={openSchedule} onStartVisit={onStartVisit} />
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        {target && (
          <ScheduleModal
            target={target}
            onClose={() => setTarget(null)}
            onStartVisit={onStartVisit}
            today={today}
            timeZone={timeZone}
          />
        )}
        {editingHours && <TimelineEditorModal onClose={() => setEditingHours(false)} />}
      </Suspense>
    </Stack>
  );
});
