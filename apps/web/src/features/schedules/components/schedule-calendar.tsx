import { minutesToClock, scheduleRules, startSlotMinutes, type Schedule } from '@clinic/contract';
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useMemo, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import {
  isPastSlot,
  laneLayout,
  monthGrid,
  schedulesByDate,
  weekDays,
  type CalendarView,
  type PlacedSchedule,
} from '../calendar.ts';
import { stateColors, useScheduleText } from './schedule-status.tsx';

/** The smallest touch target (WCAG 2.2 target size). */
const minTarget = 24;
/** Height of one 15-minute slot in the day and week grids. */
const slotHeight = minTarget;
const dayStart = scheduleRules.firstSlotMinute;
const dayEnd = scheduleRules.lastSlotMinute + scheduleRules.slotMinutes;
const gridHeight = ((dayEnd - dayStart) / scheduleRules.slotMinutes) * slotHeight;
const hours = Array.from({ length: (dayEnd - dayStart) / 60 }, (_, index) => dayStart + index * 60);
const maxInMonthCell = 3;

/**
 * The week grid draws hundreds of slots: plain buttons with shared inline styles render several
 * times faster than Mantine's buttons, which matters on the home screen's first load.
 */
function slotStyle(borderTop: string, past: boolean): CSSProperties {
  return {
    display: 'block',
    width: '100%',
    height: slotHeight,
    padding: 0,
    border: 0,
    borderTop,
    background: past ? 'var(--mantine-color-gray-0)' : 'transparent',
    cursor: past ? 'default' : 'pointer',
  };
}
const hourBorder = '1px solid var(--mantine-color-default-border)';
const quarterBorder = '1px dotted var(--mantine-color-gray-2)';
const slotStyles = {
  hour: { open: slotStyle(hourBorder, false), past: slotStyle(hourBorder, true) },
  quarter: { open: slotStyle(quarterBorder, false), past: slotStyle(quarterBorder, true) },
};

export interface ScheduleCalendarProps {
  view: CalendarView;
  /** The date the view is around, YYYY-MM-DD in the browser's time zone. */
  date: string;
  today: string;
  now: Date;
  timeZone: string;
  schedules: readonly Schedule[];
  onSlot: (date: string, minute: number) => void;
  onSchedule: (schedule: Schedule) => void;
  onDay: (date: string) => void;
}

function weekdayName(date: string, language: string, style: 'short' | 'long'): string {
  return new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

function useVisitLabel(): (placed: PlacedSchedule) => string {
  const { t } = useTranslation();
  const text = useScheduleText();
  return (placed) =>
    // Begins with the button's visible text (start and name), so speech input finds it by what it shows.
    t('schedule.visitLabel', {
      start: minutesToClock(placed.startMinute),
      name: placed.schedule.patientName,
      end: minutesToClock(placed.endMinute % 1440),
      state: text.state(placed.state),
    });
}

/**
 * The clinician's visits as a day, week (time grid, Monday first) or month calendar; memoised, as it
 * is the costliest part of home to render.
 */
export const ScheduleCalendar = memo(function ScheduleCalendar(props: ScheduleCalendarProps): ReactElement {
  const byDate = useMemo(() => schedulesByDate(props.schedules, props.timeZone), [props.schedules, props.timeZone]);
  if (props.view === 'month') return <MonthGrid {...props} byDate={byDate} />;
  const days = props.view === 'day' ? [props.date] : weekDays(props.date);
  return <TimeGrid {...props} days={days} byDate={byDate} />;
});

function TimeGrid({
  days,
  byDate,
  today,
  now,
  timeZone,
  onSlot,
  onSchedule,
  onDay,
  view,
}: ScheduleCalendarProps & { days: string[]; byDate: Map<string, PlacedSchedule[]> }): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const visitLabel = useVisitLabel();
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box style={{ minWidth: view === 'week' ? 760 : undefined }}>
        <Group gap={0} wrap="nowrap" align="stretch">
          <Box w={52} style={{ flexShrink: 0 }} />
          {days.map((day) => (
            <UnstyledButton
              key={day}
              onClick={() => onDay(day)}
              style={{ flex: 1, textAlign: 'center', padding: 4 }}
              // The visible weekday and date name the button; the title says what it does.
              title={t('schedule.openDay', { date: formatDate(day, language) })}
              aria-current={day === today ? 'date' : undefined}
            >
              <Text size="xs" c="dimmed">
                {weekdayName(day, language, view === 'day' ? 'long' : 'short')}
              </Text>
              <Text fw={day === today ? 700 : 500} c={day === today ? 'blue' : undefined}>
                {view === 'day' ? formatDate(day, language) : Number(day.slice(8))}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
        <Group gap={0} wrap="nowrap" align="flex-start">
          <Box w={52} h={gridHeight} pos="relative" style={{ flexShrink: 0 }} aria-hidden>
            {hours.map((hour) => (
              <Text
                key={hour}
                size="xs"
                c="dimmed"
                pos="absolute"
                top={((hour - dayStart) / scheduleRules.slotMinutes) * slotHeight - 2}
                right={6}
              >
                {minutesToClock(hour)}
              </Text>
            ))}
          </Box>
          {days.map((day) => {
            const placed = byDate.get(day) ?? [];
            const lanes = laneLayout(placed);
            return (
              <Box
                key={day}
                pos="relative"
                h={gridHeight}
                style={{ flex: 1, borderLeft: '1px solid var(--mantine-color-default-border)' }}
                bg={day === today ? 'var(--mantine-color-blue-0)' : undefined}
              >
                {startSlotMinutes.map((minute) => {
                  // Only today's slots need the clock: earlier days have passed, later ones have not.
                  const past = day < today || (day === today && isPastSlot(day, minute, timeZone, now));
                  return (
                    <button
                      key={minute}
                      type="button"
                      disabled={past}
                      onClick={() => onSlot(day, minute)}
                      aria-label={t('schedule.slotLabel', {
                        date: formatDate(day, language),
                        time: minutesToClock(minute),
                      })}
                      style={slotStyles[minute % 60 === 0 ? 'hour' : 'quarter'][past ? 'past' : 'open']}
                      // Mantine's focus ring, as its buttons have.
                      className="mantine-focus-auto"
                    />
                  );
                })}
                {placed.map((item, index) => {
                  const lane = lanes[index] ?? { lane: 0, lanes: 1 };
                  const top = Math.max(0, ((item.startMinute - dayStart) / scheduleRules.slotMinutes) * slotHeight);
                  const bottom = Math.min(
                    gridHeight,
                    ((item.endMinute - dayStart) / scheduleRules.slotMinutes) * slotHeight,
                  );
                  const color = stateColors[item.state];
                  return (
                    <UnstyledButton
                      key={item.schedule.seqSchedule}
                      pos="absolute"
                      top={top}
                      h={Math.max(slotHeight, bottom - top)}
                      // Covers its slots whole: a sliver of a slot beside it would be a target too small to touch.
                      left={`${(lane.lane / lane.lanes) * 100}%`}
                      w={`${100 / lane.lanes}%`}
                      onClick={() => onSchedule(item.schedule)}
                      aria-label={visitLabel(item)}
                      px={4}
                      style={{
                        overflow: 'hidden',
                        borderRadius: 4,
                        background: `var(--mantine-color-${color}-light)`,
                        borderLeft: `3px solid var(--mantine-color-${color}-filled)`,
                        textDecoration: item.state === 'cancelled' ? 'line-through' : undefined,
                        zIndex: 1,
                      }}
                    >
                      <Text size="xs" lh={1.2} truncate>
                        {minutesToClock(item.startMinute)} {item.schedule.patientName}
                      </Text>
                    </UnstyledButton>
                  );
                })}
              </Box>
            );
          })}
        </Group>
      </Box>
    </Box>
  );
}

function MonthGrid({
  date,
  today,
  byDate,
  onSchedule,
  onDay,
}: ScheduleCalendarProps & { byDate: Map<string, PlacedSchedule[]> }): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const visitLabel = useVisitLabel();
  const weeks = monthGrid(date);
  const month = date.slice(0, 7);
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={640}>
        <Group gap={0} wrap="nowrap">
          {(weeks[0] ?? []).map((day) => (
            <Text key={day} size="xs" c="dimmed" ta="center" style={{ flex: 1 }}>
              {weekdayName(day, language, 'short')}
            </Text>
          ))}
        </Group>
        {weeks.map((week) => (
          <Group key={week[0]} gap={0} wrap="nowrap" align="stretch">
            {week.map((day) => {
              const placed = byDate.get(day) ?? [];
              const shown = placed.slice(0, maxInMonthCell);
              return (
                <Stack
                  key={day}
                  gap={2}
                  p={4}
                  mih={96}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    border: '1px solid var(--mantine-color-default-border)',
                    marginLeft: -1,
                    marginTop: -1,
                  }}
                  bg={day === today ? 'var(--mantine-color-blue-0)' : undefined}
                >
                  <UnstyledButton
                    mih={minTarget}
                    onClick={() => onDay(day)}
                    title={t('schedule.openDay', { date: formatDate(day, language) })}
                    aria-current={day === today ? 'date' : undefined}
                  >
                    <Text
                      size="sm"
                      fw={day === today ? 700 : 400}
                      c={day.slice(0, 7) === month ? (day === today ? 'blue' : undefined) : 'dimmed'}
                    >
                      {Number(day.slice(8))}
                    </Text>
                  </UnstyledButton>
                  {shown.map((item) => {
                    const color = stateColors[item.state];
                    return (
                      <UnstyledButton
                        key={item.schedule.seqSchedule}
                        mih={minTarget}
                        onClick={() => onSchedule(item.schedule)}
                        aria-label={visitLabel(item)}
                        px={4}
                        style={{
                          borderRadius: 4,
                          background: `var(--mantine-color-${color}-light)`,
                          borderLeft: `3px solid var(--mantine-color-${color}-filled)`,
                          textDecoration: item.state === 'cancelled' ? 'line-through' : undefined,
                        }}
                      >
                        <Text size="xs" truncate>
                          {minutesToClock(item.startMinute)} {item.schedule.patientName}
                        </Text>
                      </UnstyledButton>
                    );
                  })}
                  {placed.length > shown.length && (
                    <UnstyledButton mih={minTarget} onClick={() => onDay(day)}>
                      <Text size="xs" c="dimmed">
                        {t('schedule.more', { number: placed.length - shown.length })}
                      </Text>
                    </UnstyledButton>
                  )}
                </Stack>
              );
            })}
          </Group>
        ))}
      </Box>
    </Box>
  );
}
