import { monitoringDefaults } from '@clinic/contract';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Notifier } from '../notification/index.ts';
import { overdueQuestionnaireFindings } from '../questionnaire/index.ts';
import { dayMs, findingsOf, type PatientData, windowDays } from './monitoring-rules.ts';
import { monitoringRepository } from './monitoring.repository.ts';

export interface MonitoringJob {
  run(database: Database): Promise<() => Promise<void>>;
}

/**
 * Each pass reads every patient's open prescriptions and last two weeks of device data, so records
 * that arrive late or out of order count as soon as they are stored. A condition found with no
 * ongoing alert raises one; an ongoing alert whose condition is gone ends its episode. Once the
 * pass is committed, each new alert reaches its clinician's open tabs and browsers.
 */
export function monitoringJob({ now, notify }: { now: Clock; notify: Notifier }): MonitoringJob {
  return {
    async run(database): Promise<() => Promise<void>> {
      const at = now();
      const monitoring = monitoringRepository(database);
      const weekAgo = new Date(at.getTime() - windowDays * dayMs);
      const twoWeeksAgo = new Date(at.getTime() - 2 * windowDays * dayMs);
      const patients = new Map<number, PatientData & { seqManager: number }>();
      const patientOf = (seqMedicalRelation: number, seqManager: number) => {
        const found = patients.get(seqMedicalRelation);
        if (found) return found;
        const made = { seqManager, prescriptions: [], lastDataAt: null, daily: [], painReports: [] };
        patients.set(seqMedicalRelation, made);
        return made;
      };
      // One query after the other: the transaction's one connection takes one at a time.
      for (const row of await monitoring.openPrescriptions(weekAgo))
        patientOf(row.seqMedicalRelation, row.seqManager).prescriptions.push(row);
      for (const row of await monitoring.dailyRom(twoWeeksAgo, at))
        patientOf(row.seqMedicalRelation, row.seqManager).daily.push(row);
      for (const row of await monitoring.painReports(weekAgo))
        patientOf(row.seqMedicalRelation, row.seqManager).painReports.push(row);
      for (const [seqMedicalRelation, last] of await monitoring.lastDataAt([...patients.keys()])) {
        const patient = patients.get(seqMedicalRelation);
        if (patient) patient.lastDataAt = last;
      }

      const settings = await monitoring.allSettings();
      const found = [...patients].flatMap(([seqMedicalRelation, data]) =>
        findingsOf(at, settings.get(data.seqManager) ?? monitoringDefaults, data).map((finding) => ({
          ...finding,
          seqMedicalRelation,
          seqManager: data.seqManager,
        })),
      );
      found.push(...(await overdueQuestionnaireFindings(database)));
      const keyOf = (alert: { seqMedicalRelation: number; kind: string; subject: string }) =>
        `${alert.seqMedicalRelation}/${alert.kind}/${alert.subject}`;
      const ongoing = new Map((await monitoring.ongoingAlerts()).map((alert) => [keyOf(alert), alert]));
      const foundKeys = new Set(found.map(keyOf));
      await monitoring.end(
        [...ongoing].filter(([key]) => !foundKeys.has(key)).map(([, alert]) => alert.seqMonitoringAlert),
        at,
      );
      const raised = await monitoring.raise(
        found.filter((finding) => !ongoing.has(keyOf(finding))),
        at,
      );
      const recipients = await monitoring.recipients(raised.map((alert) => alert.seqMonitoringAlert));
      return async () => {
        for (const alert of recipients) await notify.alertRaised(alert);
      };
    },
  };
}
