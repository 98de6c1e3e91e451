import {
  alertKinds,
  type AlertKind,
  type Language,
  type MonitoringAlert,
  type MonitoringSettings,
} from '@clinic/contract';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { keepPrivateNote } from '../manager-note/index.ts';
import { dayMs } from './monitoring-rules.ts';
import { type AlertView, monitoringRepository, type MonitoringRepository } from './monitoring.repository.ts';

function toAlert(row: AlertView): MonitoringAlert {
  return {
    seqMonitoringAlert: row.seqMonitoringAlert,
    seqMedicalRelation: row.seqMedicalRelation,
    patientName: row.patientName,
    kind: row.kind,
    reason: row.reason,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    state: row.state,
    note: row.note,
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
  };
}

/** The title of the medical record note an acknowledgement leaves, in the clinician's language. */
const noteTitles: Record<Language, (kind: AlertKind) => string> = {
  en: (kind) =>
    `Alert acknowledged: ${{ pain: 'pain', romRegression: 'range of motion', noData: 'no device data', lowAdherence: 'adherence', pastDue: 'past due', questionnaireOverdue: 'questionnaire overdue' }[kind]}`,
  ko: (kind) =>
    `알림 확인: ${{ pain: '통증', romRegression: '관절 가동 범위', noData: '기기 데이터 없음', lowAdherence: '순응도', pastDue: '기한 지남', questionnaireOverdue: '설문 기한 지남' }[kind]}`,
  'zh-HK': (kind) =>
    `已確認提示：${{ pain: '痛楚', romRegression: '關節活動幅度', noData: '沒有裝置數據', lowAdherence: '依從度', pastDue: '已過期', questionnaireOverdue: '問卷逾期' }[kind]}`,
  cs: (kind) =>
    `Upozornění potvrzeno: ${{ pain: 'bolest', romRegression: 'rozsah pohybu', noData: 'žádná data ze zařízení', lowAdherence: 'dodržování', pastDue: 'po termínu', questionnaireOverdue: 'dotazník po termínu' }[kind]}`,
};

/** Most severe kind first, then newest (docs/decisions/0013-remote-monitoring.md). */
function bySeverityThenNewest(a: AlertView, b: AlertView): number {
  return (
    alertKinds.indexOf(a.kind) - alertKinds.indexOf(b.kind) ||
    b.startedAt.getTime() - a.startedAt.getTime() ||
    b.seqMonitoringAlert - a.seqMonitoringAlert
  );
}

export interface MonitoringService {
  settings(principal: Principal): Promise<MonitoringSettings>;
  saveSettings(principal: Principal, settings: MonitoringSettings): Promise<MonitoringSettings>;
  needingAttention(principal: Principal, context: RequestContext): Promise<MonitoringAlert[]>;
  acknowledge(
    principal: Principal,
    seqMonitoringAlert: number,
    note: string | undefined,
    context: RequestContext,
  ): Promise<MonitoringAlert>;
  snooze(
    principal: Principal,
    seqMonitoringAlert: number,
    days: number,
    context: RequestContext,
  ): Promise<MonitoringAlert>;
}

export function monitoringService({ db, now }: { db: Database; now: Clock }): MonitoringService {
  /**
   * Changes one of the clinician's alerts and records it, in one transaction; another's answers as
   * missing. A note is kept in the patient's medical record as the clinician's own, in the same transaction.
   */
  function change(
    principal: Principal,
    seqMonitoringAlert: number,
    context: RequestContext,
    changes: (at: Date) => Parameters<MonitoringRepository['update']>[1],
  ): Promise<MonitoringAlert> {
    return db.transaction(async (tx) => {
      const monitoring = monitoringRepository(tx);
      const alert = await monitoring.findOwned(seqMonitoringAlert, principal.seqManager);
      if (!alert) throw notFound();
      const at = now();
      const changed = changes(at);
      await monitoring.update(seqMonitoringAlert, changed);
      const entries = [relationEntry('update', 'monitoring_alert', alert, seqMonitoringAlert)];
      if (changed.note) {
        const seqManagerNote = await keepPrivateNote(tx, {
          seqMedicalRelation: alert.seqMedicalRelation,
          seqManager: principal.seqManager,
          title: noteTitles[context.language](alert.kind),
          content: changed.note,
          at,
        });
        entries.push(relationEntry('create', 'manager_note', alert, seqManagerNote));
      }
      await recordAudit(tx, principal, context, at, entries);
      return toAlert({ ...alert, ...changed });
    });
  }

  return {
    settings: (principal) => monitoringRepository(db).settingsOf(principal.seqManager),

    async saveSettings(principal, settings) {
      await monitoringRepository(db).saveSettings(principal.seqManager, settings, now());
      return settings;
    },

    async needingAttention(principal, context) {
      const rows = await monitoringRepository(db).needingAttention(principal.seqManager, now());
      await recordAudit(
        db,
        principal,
        context,
        now(),
        [...new Map(rows.map((row) => [row.seqMedicalRelation, row])).values()].map((row) =>
          relationEntry('read', 'monitoring_alert', row),
        ),
      );
      return rows.sort(bySeverityThenNewest).map(toAlert);
    },

    acknowledge: (principal, seqMonitoringAlert, note, context) =>
      change(principal, seqMonitoringAlert, context, (at) => ({
        state: 'acknowledged',
        note: note || null,
        snoozedUntil: null,
        changedAt: at,
      })),

    snooze: (principal, seqMonitoringAlert, days, context) =>
      change(principal, seqMonitoringAlert, context, (at) => ({
        state: 'snoozed',
        note: null,
        snoozedUntil: new Date(at.getTime() + days * dayMs),
        changedAt: at,
      })),
  };
}
