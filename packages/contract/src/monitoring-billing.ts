import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { consentInForceOn, type ConsentSpan } from './monitoring-consent.ts';
import { nextDate } from './schedule-rules.ts';
import { dateField, idField } from './validation.ts';

const tag = 'monitoringBilling';

/**
 * The billing codes of remote therapeutic monitoring, as data: each table names its codes and the
 * thresholds they need (docs/decisions/0013-remote-monitoring.md). A clinic outside the US runs
 * with the codes turned off (`MONITORING_CODES=off`); the periods and minutes stay.
 */
export const monitoringCodeTables = {
  /** The 2026 US CPT codes of remote therapeutic monitoring. */
  us2026: {
    periodDays: 30,
    /** Set-up and patient education, once per episode: billed with its first period that has data to bill. */
    setUp: '98975',
    /** Device supply, one per 30-day period, by the days with device data in it (the first that fits). */
    deviceSupply: [
      { code: '98977', minDays: 16, maxDays: 30 },
      { code: '98985', minDays: 2, maxDays: 15 },
    ],
    /** Treatment management per calendar month, only with at least one interactive communication. */
    management: {
      short: { code: '98979', minMinutes: 10, maxMinutes: 19 },
      first: { code: '98980', minutes: 20 },
      /** Each further full block of these minutes after the first 20. */
      further: { code: '98981', minutes: 20 },
      needsInteractive: true,
    },
  },
} as const;
export type MonitoringCodeTableName = keyof typeof monitoringCodeTables;
export const monitoringCodeTableNames = Object.keys(monitoringCodeTables) as [
  MonitoringCodeTableName,
  ...MonitoringCodeTableName[],
];
type CodeTable = (typeof monitoringCodeTables)[MonitoringCodeTableName];

/** A period or month earns its codes once its last day has passed: through its last day it is in progress. */
const inProgress = (lastDay: string, today: string): boolean => lastDay >= today;

/** The days a monitoring period lasts, whatever the code table. */
export const monitoringPeriodDays = 30;

export const billedCode = z.lazy(() => z.object({ code: z.string(), units: z.number().int() }));
export type BilledCode = z.infer<typeof billedCode>;

/** The device-supply code a 30-day period with this many days of device data qualifies for, if any. */
export function deviceSupplyCode(table: CodeTable, days: number): string | null {
  return table.deviceSupply.find((rule) => days >= rule.minDays && days <= rule.maxDays)?.code ?? null;
}

/**
 * The management codes a calendar month qualifies for, by its minutes and whether an interactive
 * communication took place.
 */
export function managementCodes(table: CodeTable, minutes: number, interactive: boolean): BilledCode[] {
  const { short, first, further, needsInteractive } = table.management;
  if (needsInteractive && !interactive) return [];
  if (minutes >= short.minMinutes && minutes <= short.maxMinutes) return [{ code: short.code, units: 1 }];
  if (minutes < first.minutes) return [];
  const more = Math.floor((minutes - first.minutes) / further.minutes);
  return [{ code: first.code, units: 1 }, ...(more > 0 ? [{ code: further.code, units: more }] : [])];
}

/** One 30-day period of an episode: its days, the days with device data, and the codes it qualifies for. */
export const monitoringPeriod = z.lazy(() =>
  z.object({
    startDate: z.string(),
    endDate: z.string(),
    days: z.number().int(),
    /** Whether the period's last day is today or later: it has earned no code yet. */
    ongoing: z.boolean(),
    /** The codes the period has earned: none while it is ongoing. */
    codes: z.array(billedCode),
    /**
     * The codes its data would have earned but that are not counted: days of data without the
     * patient's consent in force do not count. Absent in a report kept before consent was recorded.
     */
    uncountedCodes: z.array(billedCode).optional(),
  }),
);
export type MonitoringPeriod = z.infer<typeof monitoringPeriod>;

/** The codes of `all` that `counted` does not hold, unit by unit. */
export function codesLeftOut(all: readonly BilledCode[], counted: readonly BilledCode[]): BilledCode[] {
  return all.flatMap(({ code, units }) => {
    const left = units - counted.filter((other) => other.code === code).reduce((sum, other) => sum + other.units, 0);
    return left > 0 ? [{ code, units: left }] : [];
  });
}

/**
 * The 30-day periods of an episode from its start to today, with the days of device data in each
 * (UTC calendar days), the device supply code of each ended period and the set-up code with the
 * first ended period that qualifies for a supply code. Only the days of data with the patient's
 * consent in force count towards the codes; what the other days would have added is told apart.
 * A null table gives no codes.
 */
export function monitoringPeriods(
  table: CodeTable | null,
  startDate: string,
  today: string,
  daysWithData: readonly string[],
  consents: readonly ConsentSpan[],
): MonitoringPeriod[] {
  const periods: (MonitoringPeriod & { uncountedCodes: BilledCode[] })[] = [];
  const setUpBilled = { counted: false, all: false };
  const codesOf = (days: number, ongoing: boolean, which: keyof typeof setUpBilled): BilledCode[] => {
    const supply = table && !ongoing && deviceSupplyCode(table, days);
    if (!table || !supply) return [];
    const setUp = setUpBilled[which] ? [] : [{ code: table.setUp, units: 1 }];
    setUpBilled[which] = true;
    return [...setUp, { code: supply, units: 1 }];
  };
  for (let start = startDate; start <= today; start = nextDate(start, monitoringPeriodDays)) {
    const end = nextDate(start, monitoringPeriodDays - 1);
    const inPeriod = daysWithData.filter((date) => date >= start && date <= end);
    const consented = inPeriod.filter((date) => consentInForceOn(consents, date)).length;
    const ongoing = inProgress(end, today);
    const codes = codesOf(consented, ongoing, 'counted');
    const uncountedCodes = codesLeftOut(codesOf(inPeriod.length, ongoing, 'all'), codes);
    periods.push({ startDate: start, endDate: end, days: inPeriod.length, ongoing, codes, uncountedCodes });
  }
  // The set-up is once per episode: billed with a later period under consent, no period lost it.
  if (!table || !setUpBilled.counted) return periods;
  return periods.map((period) => ({
    ...period,
    uncountedCodes: period.uncountedCodes.filter((code) => code.code !== table.setUp),
  }));
}

/** The activities a clinician logs monitoring time for. */
export const monitoringActivities = ['dataReview', 'communication', 'planChange', 'coordination', 'other'] as const;
export type MonitoringActivity = (typeof monitoringActivities)[number];

export const monitoringTimeLimits = { minutes: [1, 240], noteMax: 500 } as const;

/**
 * Where logged time comes from: the monitoring panel, or the patient's message thread. Time on the
 * thread is never an interactive communication (codes 98980/98981; docs/decisions/0016-messages.md).
 */
export const monitoringTimeSources = ['manual', 'messages'] as const;
export type MonitoringTimeSource = (typeof monitoringTimeSources)[number];

/** Time a clinician logged for a patient's monitoring, on the panel or under the message thread. */
export const monitoringTimeEntry = z.lazy(() =>
  z.object({
    seqMonitoringTime: z.number().int(),
    date: z.string(),
    minutes: z.number().int(),
    activity: z.enum(monitoringActivities),
    /** Whether the time included an interactive communication with the patient. */
    interactive: z.boolean(),
    note: z.string(),
    source: z.enum(monitoringTimeSources),
  }),
);
export type MonitoringTimeEntry = z.infer<typeof monitoringTimeEntry>;

export const monthConsents = ['full', 'partial', 'none'] as const;
export type MonthConsent = (typeof monthConsents)[number];

/**
 * Whether consent was in force on every day that counts towards a month's codes (`days`, the days up
 * to today with device data in its periods or minutes in the month), on some or on none. A month
 * with no such day reads as its last day so far (a month to come: its first day).
 */
export function monthConsentOf(
  consents: readonly ConsentSpan[],
  month: string,
  today: string,
  days: readonly string[],
): MonthConsent {
  const { startDate, endDate } = monthDays(month);
  const last = endDate < today ? endDate : today < startDate ? startDate : today;
  const counted = days.filter((date) => date <= last);
  const checked = counted.length > 0 ? counted : [last];
  const inForce = checked.filter((date) => consentInForceOn(consents, date)).length;
  return inForce === 0 ? 'none' : inForce === checked.length ? 'full' : 'partial';
}

/** One calendar month of a patient's monitoring: the minutes, where they came from, and the codes. */
export const monitoringMonth = z.object({
  month: z.string(),
  /** Days with device data in the calendar month. */
  deviceDays: z.number().int(),
  videoMinutes: z.number().int(),
  loggedMinutes: z.number().int(),
  minutes: z.number().int(),
  interactive: z.boolean(),
  /**
   * Whether the month's last day is today or later: its management codes are not earned yet.
   * Absent in a report kept before months told this: such a month has ended.
   */
  ongoing: z.boolean().optional(),
  /** The periods that end in the month: their device supply (and set-up) are billed with it. */
  periods: z.array(monitoringPeriod),
  /** The codes earned: those of the periods that ended in it, and its management codes once it has ended. */
  codes: z.array(billedCode),
  /**
   * Whether the patient's consent to remote monitoring was in force on every day that counts towards
   * the month's codes (its days of data and minutes up to today), on some, or on none. Absent in a
   * report kept before consent was recorded.
   */
  consent: z.enum(monthConsents).optional(),
  /** The codes the month's data and minutes would have earned that are not counted for want of consent. */
  uncountedCodes: z.array(billedCode).optional(),
});
export type MonitoringMonth = z.infer<typeof monitoringMonth>;

/** The calendar month (`YYYY-MM`) as a field. */
export const monthField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, { error: 'validation.date_format' }),
);

/** The first and last day of a calendar month `YYYY-MM`. */
export function monthDays(month: string): { startDate: string; endDate: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * A month's summary from its periods, device days and minutes; the codes earned by today as the
 * table gives them. The management codes count only the minutes and interactive communications of
 * days with consent in force (`consented`); what the others would have added is told apart.
 */
export function monitoringMonthOf(
  table: CodeTable | null,
  month: string,
  today: string,
  periods: readonly MonitoringPeriod[],
  daysWithData: readonly string[],
  minutes: {
    video: number;
    logged: number;
    interactive: boolean;
    /** The days of the month with completed video visits or logged time. */
    days: readonly string[];
    consented: { minutes: number; interactive: boolean };
  },
  consents: readonly ConsentSpan[],
): MonitoringMonth {
  const { startDate, endDate } = monthDays(month);
  const ending = periods.filter((period) => period.endDate >= startDate && period.endDate <= endDate);
  // The days whose consent matters: data of the episode's periods billed with the month or within it, and minutes.
  const episodeStart = periods[0]?.startDate;
  const dataDays = daysWithData.filter(
    (date) =>
      episodeStart !== undefined &&
      date >= episodeStart &&
      ((date >= startDate && date <= endDate) ||
        ending.some((period) => date >= period.startDate && date <= period.endDate)),
  );
  const total = minutes.video + minutes.logged;
  const ongoing = inProgress(endDate, today);
  const management = table && !ongoing ? managementCodes(table, total, minutes.interactive) : [];
  const counted =
    table && !ongoing ? managementCodes(table, minutes.consented.minutes, minutes.consented.interactive) : [];
  return {
    month,
    deviceDays: daysWithData.filter((date) => date >= startDate && date <= endDate).length,
    videoMinutes: minutes.video,
    loggedMinutes: minutes.logged,
    minutes: total,
    interactive: minutes.interactive,
    ongoing,
    periods: ending,
    codes: [...ending.flatMap((period) => period.codes), ...counted],
    consent: monthConsentOf(consents, month, today, [...dataDays, ...minutes.days]),
    uncountedCodes: [...ending.flatMap((period) => period.uncountedCodes ?? []), ...codesLeftOut(management, counted)],
  };
}

/** A patient's monitoring: the episode's start, its periods, the month asked for and its logged time. */
export const patientMonitoring = z.lazy(() =>
  z.object({
    /** The episode's first day: the date the clinician set, else the first day with device data; null without data. */
    startDate: z.string().nullable(),
    startSetByClinician: z.boolean(),
    periods: z.array(monitoringPeriod),
    month: monitoringMonth,
    entries: z.array(monitoringTimeEntry),
    /** The code table in force; null where codes are turned off. */
    codeTable: z.enum(monitoringCodeTableNames).nullable(),
  }),
);
export type PatientMonitoring = z.infer<typeof patientMonitoring>;

export const getPatientMonitoring = defineEndpoint({
  method: 'POST',
  path: '/monitoringBilling/getPatientMonth',
  access: 'manager',
  audit: { action: 'read', entity: 'monitoring_time' },
  tag,
  summary: "A patient's monitoring periods, and a calendar month's minutes, logged time and codes",
  get request() {
    return z.object({ seqMedicalRelation: idField, month: monthField });
  },
  get reply() {
    return success({ monitoring: patientMonitoring });
  },
});

export const addMonitoringTime = defineEndpoint({
  method: 'POST',
  path: '/monitoringBilling/addTime',
  access: 'manager',
  audit: { action: 'create', entity: 'monitoring_time' },
  tag,
  summary: "Logs time spent on a patient's monitoring",
  get request() {
    return z
      .object({
        seqMedicalRelation: idField,
        date: dateField,
        minutes: z
          .number({ error: 'validation.required' })
          .int({ error: 'validation.invalid' })
          .min(monitoringTimeLimits.minutes[0], { error: 'validation.out_of_range' })
          .max(monitoringTimeLimits.minutes[1], { error: 'validation.out_of_range' }),
        activity: z.enum(monitoringActivities, { error: 'validation.invalid' }),
        interactive: z.boolean(),
        note: z.string().trim().max(monitoringTimeLimits.noteMax, { error: 'validation.too_long' }),
        source: z.enum(monitoringTimeSources, { error: 'validation.invalid' }).default('manual'),
      })
      .refine((request) => request.source !== 'messages' || !request.interactive, {
        path: ['interactive'],
        error: 'validation.messages_not_interactive',
      });
  },
  get reply() {
    return success({ entry: monitoringTimeEntry });
  },
});

export const removeMonitoringTime = defineEndpoint({
  method: 'PUT',
  path: '/monitoringBilling/removeTime',
  access: 'manager',
  audit: { action: 'delete', entity: 'monitoring_time' },
  tag,
  summary: 'Removes logged monitoring time',
  get request() {
    return z.object({ seqMonitoringTime: idField });
  },
  get reply() {
    return success({});
  },
});

export const setMonitoringStart = defineEndpoint({
  method: 'PUT',
  path: '/monitoringBilling/setStartDate',
  access: 'manager',
  audit: { action: 'update', entity: 'monitoring_episode' },
  tag,
  summary: "Sets the first day of a patient's monitoring episode, or clears it to start from the first device day",
  get request() {
    return z.object({ seqMedicalRelation: idField, startDate: dateField.nullable() });
  },
  get reply() {
    return success({});
  },
});

/** One patient's row of the monthly monitoring sheet. */
export const monitoringSheetRow = z.lazy(() =>
  monitoringMonth.extend({
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    patientEmail: z.string().nullable(),
  }),
);
export type MonitoringSheetRow = z.infer<typeof monitoringSheetRow>;

export const getMonitoringSheet = defineEndpoint({
  method: 'POST',
  path: '/monitoringBilling/getMonthlySheet',
  access: 'manager',
  audit: { action: 'read', entity: 'monitoring_sheet' },
  tag,
  summary: "The month's monitoring of every patient of the clinician with device days or minutes in it",
  get request() {
    return z.object({ month: monthField });
  },
  get reply() {
    return success({
      rows: z.array(monitoringSheetRow),
      codeTable: z.enum(monitoringCodeTableNames).nullable(),
    });
  },
});
