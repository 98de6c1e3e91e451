import { durationMinutes, type ScheduleDuration } from '@clinic/contract';
import { Group, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { durationSeconds, formatShort, timerView } from '../call-timer.ts';

const blink = '@keyframes clinic-call-timer-blink { 50% { opacity: 0.25; } }';

/** Header timer (SPEC 4): the scheduled length against the elapsed time, warning near and past the end. */
export function CallTimerDisplay({ elapsed, duration }: { elapsed: number; duration: ScheduleDuration }): ReactElement {
  const { t } = useTranslation();
  const view = timerView(elapsed, durationSeconds(duration));
  const shown = formatShort(view.shownSeconds);
  const text =
    view.warning === 'ending'
      ? t('videoCall.remaining', { time: shown })
      : view.warning === 'overtime'
        ? t('videoCall.overtime', { time: shown })
        : shown;
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" c="gray.4">
        {t('videoCall.scheduled', { minutes: durationMinutes(duration) })}
      </Text>
      <Text size="sm" c="gray.5" aria-hidden>
        /
      </Text>
      <style>{blink}</style>
      <Text
        data-testid="call-timer"
        data-warning={view.warning}
        data-elapsed={elapsed}
        role="timer"
        aria-label={t('videoCall.elapsedLabel')}
        fw={700}
        ff="monospace"
        size="md"
        px={6}
        style={{
          borderRadius: 4,
          color: view.warning === 'overtime' ? 'var(--mantine-color-red-5)' : 'white',
          animation: view.warning === 'ending' ? 'clinic-call-timer-blink 1s step-start infinite' : undefined,
        }}
      >
        {text}
      </Text>
    </Group>
  );
}
