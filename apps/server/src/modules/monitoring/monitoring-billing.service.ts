import {
  consentInForceOn,
  monitoringCodeTables,
  monitoringMonthOf,
  monitoringPeriods,
  monthDays,
  type addMonitoringTime,
  type BodyOf,
  type MonitoringCodeTableName,
  type MonitoringMonth,
  type MonitoringPeriod,
  type MonitoringSheetRow,
  type MonitoringTimeEntry,
  type PatientMonitoring,
} from '@clinic/contract';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { ownedRelationOr404 } from '../shared/index.ts';
import { monitoringBillingRepository, type TimeRow } from './monitoring-billing.repository.ts';
import { monitoringConsentRepository } from './monitoring-consent.repository.ts';

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const monthOfDay = (date: string): string => date.slice(0, 7);

/** The calendar months (`YYYY-MM`) from the one of the first day to the one of the last. */
export function monthsBetween(startDate: string, endDate: string): string[] {
  const months: string[] = [];
  for (let month = monthOfDay(startDate); month <= monthOfDay(endDate);) {
    months.push(month);
    const [year, number] = month.split('-').map(Number) as [number, number];
    month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  }
  return months;
}

function toEntry(row: TimeRow): MonitoringTimeEntry {
  return {
    seqMonitoringTime: row.seqMonitoringTime,
    date: row.date,
    minutes: row.minutes,
    activity: row.activity,
    interactive: row.interactive,
    note: row.note,
    source: row.source,
  };
}

/** One relation's monitoring over some calendar months. */
interface RelationMonitoring {
  startDate: string | null;
  startSetByClinician: boolean;
  periods: MonitoringPeriod[];
  months: MonitoringMonth[];
  entries: TimeRow[];
}

export interface MonitoringBillingService {
  patient(
    principal: Principal,
    seqMedicalRelation: number,
    month: string,
    context: RequestContext,
  ): Promise<PatientMonitoring>;
  add(
    principal: Principal,
    body: BodyOf<typeof addMonitoringTime>,
    context: RequestContext,
  ): Promise<MonitoringTimeEntry>;
  remove(principal: Principal, seqMonitoringTime: number, context: RequestContext): Promise<void>;
  setStart(
    principal: Principal,
    seqMedicalRelation: number,
    startDate: string | null,
    context: RequestContext,
  ): Promise<void>;
  sheet(
    principal: Principal,
    month: string,
    context: RequestContext,
  ): Promise<{ rows: MonitoringSheetRow[]; codeTable: MonitoringCodeTableName | null }>;
  /** The periods and months of a report's range, for a relation whose ownership was checked. */
  ofRange(
    seqMedicalRelation: number,
    range: { startDate: string; endDate: string },
  ): Promise<{ periods: MonitoringPeriod[]; months: MonitoringMonth[] }>;
}

export function monitoringBillingService({
  db,
  now,
  codeTable,
}: {
  db: Database;
  now: Clock;
  codeTable: MonitoringCodeTableName | null;
}): MonitoringBillingService {
  const table = codeTable ? monitoringCodeTables[codeTable] : null;

  /**
   * The episodes, periods and the given months of the relations, from their device data, visits,
   * logged time and consents: the codes count only what happened on days with consent in force.
   */
  async function monitoringOf(relations: number[], months: string[]): Promise<Map<number, RelationMonitoring>> {
    const repository = monitoringBillingRepository(db);
    const today = utcDay(now());
    const from = monthDays(months[0]!).startDate;
    const to = monthDays(months.at(-1)!).endDate;
    const [days, starts, logged, videos, spans] = await Promise.all([
      repository.deviceDays(relations, today),
      repository.episodeStarts(relations),
      repository.loggedTime(relations, from, to),
      repository.videoDays(
        relations,
        new Date(`${from}T00:00:00Z`),
        new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
      ),
      monitoringConsentRepository(db).spansOf(relations),
    ]);
    return new Map(
      relations.map((relation) => {
        const deviceDays = days.get(relation) ?? [];
        const consents = spans.get(relation) ?? [];
        const consented = (date: string) => consentInForceOn(consents, date);
        const setStart = starts.get(relation);
        const startDate = setStart ?? deviceDays[0] ?? null;
        const periods = startDate ? monitoringPeriods(table, startDate, today, deviceDays, consents) : [];
        const entries = logged.get(relation) ?? [];
        const monthly = months.map((month) => {
          const inMonth = entries.filter((entry) => monthOfDay(entry.date) === month);
          const visits = (videos.get(relation) ?? []).filter((visit) => monthOfDay(visit.day) === month);
          const minutesOf = (only: (date: string) => boolean) => {
            const seconds = visits.filter((visit) => only(visit.day)).reduce((sum, visit) => sum + visit.seconds, 0);
            const loggedHere = inMonth.filter((entry) => only(entry.date));
            return {
              video: Math.floor(seconds / 60),
              logged: loggedHere.reduce((sum, entry) => sum + entry.minutes, 0),
              // A completed video visit is an interactive communication.
              interactive: visits.some((visit) => only(visit.day)) || loggedHere.some((entry) => entry.interactive),
              days: [...visits.map((visit) => visit.day), ...loggedHere.map((entry) => entry.date)],
            };
          };
          const all = minutesOf(() => true);
          const counted = minutesOf(consented);
          return monitoringMonthOf(
            table,
            month,
            today,
            periods,
            deviceDays,
            { ...all, consented: { minutes: counted.video + counted.logged, interactive: counted.interactive } },
            consents,
          );
        });
        return [
          relation,
          { startDate, startSetByClinician: setStart !== undefined, periods, months: monthly, entries },
        ] as const;
      }),
    );
  }

  return {
    async patient(principal, seqMedicalRelation, month, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const found = (await monitoringOf([seqMedicalRelation], [month])).get(seqMedicalRelation)!;
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'monitoring_time', relation)]);
      return {
        startDate: found.startDate,
        startSetByClinician: found.startSetByClinician,
        periods: found.periods,
        month: found.months[0]!,
        entries: found.entries.map(toEntry),
        codeTable,
      };
    },

    add(principal, body, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, body.seqMedicalRelation);
        const at = now();
        const row = await monitoringBillingRepository(tx).insertTime({
          seqMedicalRelation: body.seqMedicalRelation,
          seqManager: principal.seqManager,
          date: body.date,
          minutes: body.minutes,
          activity: body.activity,
          interactive: body.interactive,
          note: body.note,
          source: body.source,
          createdAt: at,
        });
        await recordAudit(tx, principal, context, at, [
          relationEntry('create', 'monitoring_time', relation, row.seqMonitoringTime),
        ]);
        return toEntry(row);
      });
    },

    remove(principal, seqMonitoringTime, context) {
      return db.transaction(async (tx) => {
        const repository = monitoringBillingRepository(tx);
        const row = await repository.findOwnedTime(seqMonitoringTime, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        await repository.removeTime(seqMonitoringTime, at);
        await recordAudit(tx, principal, context, at, [
          relationEntry('delete', 'monitoring_time', row, seqMonitoringTime),
        ]);
      });
    },

    setStart(principal, seqMedicalRelation, startDate, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, seqMedicalRelation);
        const at = now();
        await monitoringBillingRepository(tx).setEpisodeStart(seqMedicalRelation, startDate, at);
        await recordAudit(tx, principal, context, at, [relationEntry('update', 'monitoring_episode', relation)]);
      });
    },

    async sheet(principal, month, context) {
      const relations = await monitoringBillingRepository(db).relationsOf(principal.seqManager);
      const found = await monitoringOf(
        relations.map((relation) => relation.seqMedicalRelation),
        [month],
      );
      const rows = relations.flatMap((relation) => {
        const summary = found.get(relation.seqMedicalRelation)!.months[0]!;
        if (summary.deviceDays === 0 && summary.minutes === 0) return [];
        return [{ ...relation, ...summary }];
      });
      await recordAudit(
        db,
        principal,
        context,
        now(),
        rows.map((row) => relationEntry('read', 'monitoring_sheet', row)),
      );
      return { rows: rows.map(({ seqPatient: _, ...row }) => row), codeTable };
    },

    async ofRange(seqMedicalRelation, range) {
      const found = (await monitoringOf([seqMedicalRelation], monthsBetween(range.startDate, range.endDate))).get(
        seqMedicalRelation,
      )!;
      return {
        periods: found.periods.filter(
          (period) => period.endDate >= range.startDate && period.startDate <= range.endDate,
        ),
        months: found.months,
      };
    },
  };
}
