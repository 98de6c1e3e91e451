import { alertKinds, PushType, type AlertKind, type AnyNotification } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { patientDetailsPath, paths, segments } from '../../config/paths.ts';
import { formatDateTime } from '../../shared/dates/date-format.ts';

export type PushTypeName = keyof typeof PushType;

const namesByType = new Map<number, PushTypeName>(
  Object.entries(PushType).map(([name, type]) => [type, name as PushTypeName]),
);

export function pushTypeName(pushType: number): PushTypeName | undefined {
  return namesByType.get(pushType);
}

/**
 * The sentence of SPEC 3 "Push types", with the visit's time in this browser's time zone, of a new
 * monitoring alert, or of a new symptom report.
 */
export function notificationSentence(t: TFunction, notification: AnyNotification, language: string): string {
  if ('seqSymptomReport' in notification)
    return t('notifications.symptomReport', { patientName: notification.patientName });
  if ('alertKind' in notification)
    return t(`notifications.alerts.${notification.alertKind}`, { patientName: notification.patientName });
  const name = pushTypeName(notification.pushType) ?? 'bookedByPatient';
  return t(`notifications.types.${name}`, {
    patientName: notification.patientName,
    when: formatDateTime(notification.scheduleExpectStartDatetime, language),
  });
}

/** The sentence templates for the service worker, which has no i18n of its own. */
export function workerTexts(
  t: TFunction,
  language: string,
): {
  language: string;
  title: string;
  types: Record<number, string>;
  alerts: Record<AlertKind, string>;
  symptomReport: string;
  message: string;
  waiting: string;
} {
  const types: Record<number, string> = {};
  for (const [name, type] of Object.entries(PushType)) {
    types[type] = t(`notifications.types.${name as PushTypeName}`, {
      patientName: '{{patientName}}',
      when: '{{when}}',
      interpolation: { escapeValue: false },
    });
  }
  const alerts = Object.fromEntries(
    alertKinds.map((kind) => [
      kind,
      t(`notifications.alerts.${kind}`, { patientName: '{{patientName}}', interpolation: { escapeValue: false } }),
    ]),
  ) as Record<AlertKind, string>;
  const symptomReport = t('notifications.symptomReport', {
    patientName: '{{patientName}}',
    interpolation: { escapeValue: false },
  });
  const message = t('notifications.message', { patientName: '{{patientName}}', interpolation: { escapeValue: false } });
  const waiting = t('notifications.waiting', { patientName: '{{patientName}}', interpolation: { escapeValue: false } });
  return { language, title: t('app.name'), types, alerts, symptomReport, message, waiting };
}

/** The page a notification opens: a symptom report opens the patient's reports, anything else home. */
export function notificationPath(notification: AnyNotification): string {
  return 'seqSymptomReport' in notification
    ? patientDetailsPath(notification.seqMedicalRelation, '', segments.patientDetailsSymptoms)
    : paths.home;
}
