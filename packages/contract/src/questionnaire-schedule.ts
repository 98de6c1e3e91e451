import { z } from 'zod';
import { clockToMinutes, instantOf, nextDate } from './schedule-rules.ts';
import { dateField } from './validation.ts';

/** The limits of sending a questionnaire on a schedule (docs/decisions/0015-outcome-measures.md). */
export const questionnaireScheduleRules = {
  /** "Every N days or weeks": N from 1 to this. */
  everyMax: 52,
  /** The most questionnaires one schedule sends. */
  occurrencesMax: 100,
  /** "Before each visit": from 0 to this many hours before it. */
  hoursBeforeMax: 168,
  /** A due questionnaire not answered after these days is sent a reminder. */
  reminderDays: 2,
  /** A due questionnaire not answered after these days raises an alert on the clinician's worklist. */
  overdueDays: 7,
} as const;

const whole = (low: number, high: number) =>
  z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(low, { error: 'validation.out_of_range' })
    .max(high, { error: 'validation.out_of_range' });

const stepDays = (cadence: { every: number; unit: 'days' | 'weeks' }): number =>
  cadence.every * (cadence.unit === 'weeks' ? 7 : 1);

/** How many questionnaires a repeating cadence sends up to its end date. */
function occurrencesUntil(cadence: { every: number; unit: 'days' | 'weeks'; startDate: string }, endDate: string) {
  const days = Math.round(
    (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${cadence.startDate}T00:00:00Z`)) / 86_400_000,
  );
  return Math.floor(days / stepDays(cadence)) + 1;
}

/**
 * When a schedule sends a questionnaire: once, now; every N days or weeks from a start date at a
 * time of day of the clinician's time zone, until an end date or a number of times; or a set
 * number of hours before each visit the patient has booked with the clinician.
 */
export const questionnaireCadence = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('once') }),
      z
        .object({
          kind: z.literal('repeat'),
          every: whole(1, questionnaireScheduleRules.everyMax),
          unit: z.enum(['days', 'weeks'], { error: 'validation.invalid' }),
          startDate: dateField,
          /** The time of day it is due, HH:MM in the clinician's time zone. */
          time: z.string({ error: 'validation.required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
            error: 'validation.time_format',
          }),
          endDate: dateField.optional(),
          times: whole(1, questionnaireScheduleRules.occurrencesMax).optional(),
        })
        .refine((cadence) => (cadence.endDate === undefined) !== (cadence.times === undefined), {
          error: 'validation.cadence_end',
          path: ['endDate'],
        })
        .refine((cadence) => cadence.endDate === undefined || cadence.endDate >= cadence.startDate, {
          error: 'validation.range_order',
          path: ['endDate'],
        })
        .refine(
          (cadence) =>
            cadence.endDate === undefined ||
            cadence.endDate < cadence.startDate ||
            occurrencesUntil(cadence, cadence.endDate) <= questionnaireScheduleRules.occurrencesMax,
          { error: 'validation.too_many_occurrences', path: ['endDate'] },
        ),
      z.object({ kind: z.literal('beforeVisit'), hoursBefore: whole(0, questionnaireScheduleRules.hoursBeforeMax) }),
    ],
    { error: 'validation.invalid' },
  ),
);
export type QuestionnaireCadence = z.infer<typeof questionnaireCadence>;

/**
 * The instants a cadence makes a questionnaire due, in order. A repeating one is due at the same
 * wall-clock time of the clinician's time zone on each of its days, across daylight-saving
 * changes (a day of 23 or 25 hours moves it by no hour). "Before each visit" follows the visits
 * (dueBeforeVisit).
 */
export function questionnaireDueDates(
  cadence: Exclude<QuestionnaireCadence, { kind: 'beforeVisit' }>,
  { timeZone, now }: { timeZone: string; now: Date },
): Date[] {
  switch (cadence.kind) {
    case 'once':
      return [now];
    case 'repeat': {
      const minute = clockToMinutes(cadence.time);
      const count = Math.min(
        cadence.times ?? occurrencesUntil(cadence, cadence.endDate ?? cadence.startDate),
        questionnaireScheduleRules.occurrencesMax,
      );
      return Array.from({ length: Math.max(count, 0) }, (_, index) =>
        instantOf(nextDate(cadence.startDate, index * stepDays(cadence)), minute, timeZone),
      );
    }
  }
}

/** When a questionnaire sent before a visit is due: the hours before it, or now once that passed; none once it began. */
export function dueBeforeVisit(visitStart: Date, hoursBefore: number, now: Date): Date | undefined {
  if (visitStart.getTime() <= now.getTime()) return undefined;
  return new Date(Math.max(visitStart.getTime() - hoursBefore * 3_600_000, now.getTime()));
}
