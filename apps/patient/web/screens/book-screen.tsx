import { nextDate, scheduleRules, type ScheduleDuration } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { useBook, useClinicians, useSlots } from '../api/visits.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import {
  bookingRange,
  formatDateTime,
  formatDay,
  formatShortDay,
  formatTime,
  groupSlotsByDay,
  minutesOf,
  todayIn,
} from '../visits/visits.ts';

const daysShown = 7;

export function BookScreen({ onDone }: { onDone: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  const clinicians = useClinicians();
  const [chosenClinician, setChosenClinician] = useState<number>();
  const [duration, setDuration] = useState<ScheduleDuration>('00:30:00');
  const today = todayIn(timeZone);
  const [startDate, setStartDate] = useState(today);
  const [slot, setSlot] = useState<string>();
  const [symptoms, setSymptoms] = useState('');
  const [failure, setFailure] = useState<string>();
  const book = useBook();

  const list = clinicians.data ?? [];
  // With one clinician there is nothing to choose.
  const seqMedicalRelation = chosenClinician ?? (list.length === 1 ? list[0]?.seqMedicalRelation : undefined);
  const range = bookingRange(startDate < today ? today : startDate, daysShown);
  const slots = useSlots(seqMedicalRelation, duration, range);
  const days = useMemo(() => groupSlotsByDay(slots.data ?? [], timeZone), [slots.data, timeZone]);
  const language = i18n.language;

  const describe = (error: unknown): string => {
    const described = errorTextOf(error, currentLanguage());
    return described.text ?? t(described.key);
  };

  const submit = async (): Promise<void> => {
    if (seqMedicalRelation === undefined || !slot) return;
    setFailure(undefined);
    try {
      const trimmed = symptoms.trim();
      const reply = await book.mutateAsync({
        seqMedicalRelation,
        scheduleExpectStartDatetime: slot,
        scheduleExpectProgressTime: duration,
        scheduleSymptoms: trimmed === '' ? null : trimmed,
      });
      if (!reply.isSuccess) {
        setFailure(messageText(reply.failedCode));
        setSlot(undefined);
        return;
      }
      showToast({
        color: 'teal',
        message: t('book.booked', { date: formatDateTime(reply.schedule.scheduleExpectStartDatetime, language) }),
      });
      onDone();
    } catch (error) {
      setFailure(describe(error));
    }
  };

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2}>{t('book.title')}</Title>
          <Button variant="subtle" onClick={onDone}>
            {t('book.back')}
          </Button>
        </Group>

        {clinicians.isPending && <Loader size="sm" aria-label={t('book.loadingSlots')} />}
        {clinicians.isError && (
          <Alert color="red" role="alert">
            {describe(clinicians.error)}
          </Alert>
        )}
        {clinicians.isSuccess && list.length === 0 && (
          <Alert color="yellow" role="status">
            {t('book.noClinicians')}
          </Alert>
        )}
        {clinicians.isSuccess && list.length > 0 && (
          <>
            <NativeSelect
              label={t('book.clinician')}
              size="md"
              value={seqMedicalRelation === undefined ? '' : String(seqMedicalRelation)}
              data={[
                ...(list.length > 1 ? [{ value: '', label: t('book.chooseClinician'), disabled: true }] : []),
                ...list.map((clinician) => ({
                  value: String(clinician.seqMedicalRelation),
                  label: clinician.managerSpecialty
                    ? `${clinician.managerName} (${clinician.managerSpecialty})`
                    : clinician.managerName,
                })),
              ]}
              onChange={(event) => {
                const value = Number(event.currentTarget.value);
                setChosenClinician(Number.isInteger(value) && value > 0 ? value : undefined);
                setSlot(undefined);
              }}
            />
            <div>
              <Text fw={500} size="sm" mb={4} id="length-label">
                {t('book.length')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="length-label"
                value={duration}
                onChange={(value) => {
                  const match = scheduleRules.durations.find((entry) => entry === value);
                  if (match) setDuration(match);
                  setSlot(undefined);
                }}
                data={scheduleRules.durations.map((entry) => ({
                  value: entry,
                  label: t('book.minutes', { minutes: minutesOf(entry) }),
                }))}
              />
            </div>

            <Paper withBorder p="md" component="section" aria-labelledby="free-times-title">
              <Stack gap="sm">
                <Title order={3} size="h4" id="free-times-title">
                  {t('book.freeTimes')}
                </Title>
                <Group justify="space-between" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={range.startDate <= today}
                    onClick={() => {
                      const earlier = nextDate(range.startDate, -daysShown);
                      setStartDate(earlier < today ? today : earlier);
                    }}
                    aria-label={t('book.earlier')}
                    title={t('book.earlier')}
                  >
                    ‹
                  </Button>
                  <Text size="sm" fw={500} ta="center">
                    {t('book.range', {
                      from: formatShortDay(range.startDate, language),
                      to: formatShortDay(range.endDate, language),
                    })}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setStartDate(nextDate(range.startDate, daysShown))}
                    aria-label={t('book.later')}
                    title={t('book.later')}
                  >
                    ›
                  </Button>
                </Group>
                {seqMedicalRelation !== undefined && slots.isPending && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">{t('book.loadingSlots')}</Text>
                  </Group>
                )}
                {slots.isError && (
                  <Alert color="red" role="alert">
                    <Group justify="space-between">
                      <Text size="sm">{t('book.slotsFailed')}</Text>
                      <Button size="xs" variant="light" color="red" onClick={() => void slots.refetch()}>
                        {t('common.retry')}
                      </Button>
                    </Group>
                  </Alert>
                )}
                {slots.isSuccess && days.length === 0 && <Text c="dimmed">{t('book.noSlots')}</Text>}
                {days.map((day) => (
                  <div key={day.date} role="group" aria-label={formatDay(day.date, language)}>
                    <Text fw={600} size="sm" mb={4}>
                      {formatDay(day.date, language)}
                    </Text>
                    <SimpleGrid cols={{ base: 3, xs: 5 }} spacing={6}>
                      {day.slots.map((entry) => (
                        <Button
                          key={entry.iso}
                          size="sm"
                          px={4}
                          variant={slot === entry.iso ? 'filled' : 'light'}
                          aria-pressed={slot === entry.iso}
                          aria-label={formatDateTime(entry.iso, language)}
                          onClick={() => setSlot(entry.iso)}
                        >
                          {formatTime(entry.iso, language)}
                        </Button>
                      ))}
                    </SimpleGrid>
                  </div>
                ))}
              </Stack>
            </Paper>

            <Textarea
              label={t('book.symptoms')}
              autosize
              minRows={3}
              maxLength={scheduleRules.symptomsMax}
              value={symptoms}
              onChange={(event) => setSymptoms(event.currentTarget.value)}
              description={t('symptoms.counter', { count: symptoms.length, max: scheduleRules.symptomsMax })}
            />
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Text size="sm" role="status">
              {slot ? t('book.selected', { date: formatDateTime(slot, language) }) : t('book.noneSelected')}
            </Text>
            <Button size="md" disabled={!slot} loading={book.isPending} onClick={() => void submit()}>
              {t('book.submit')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
