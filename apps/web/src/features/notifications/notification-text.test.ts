import {
  alertKinds,
  PushType,
  type AlertNotification,
  type Notification,
  type SymptomReportNotification,
} from '@clinic/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage, loadSignedInStrings } from '../../shared/i18n/i18n.ts';
import { notificationPath, notificationSentence, workerTexts } from './notification-text.ts';

const notification: Notification = {
  key: 'k',
  pushType: PushType.cancelledByPatient,
  seqSchedule: 1,
  seqMedicalRelation: 2,
  patientName: 'Ada Lovelace',
  managerName: 'Grace Hopper',
  scheduleExpectStartDatetime: new Date(2026, 11, 24, 9, 30).toISOString(),
  time: new Date().toISOString(),
};

const alert: AlertNotification = {
  key: 'a',
  seqMonitoringAlert: 3,
  seqMedicalRelation: 2,
  patientName: 'Ada Lovelace',
  alertKind: 'pain',
  time: new Date().toISOString(),
};

const symptomReport: SymptomReportNotification = {
  key: 's',
  seqSymptomReport: 4,
  seqMedicalRelation: 2,
  patientName: 'Ada Lovelace',
  time: new Date().toISOString(),
};

describe('notification sentences', () => {
  beforeAll(async () => {
    await loadSignedInStrings();
    await Promise.all([loadLanguage('en'), loadLanguage('ko')]);
  });

  it('names the patient and the local visit time in each language', () => {
    expect(notificationSentence(i18n.getFixedT('en'), notification, 'en')).toBe(
      'Ada Lovelace cancelled the visit on 12/24/2026 09:30.',
    );
    expect(notificationSentence(i18n.getFixedT('ko'), notification, 'ko')).toContain('2026.12.24 09:30');
  });

  it('names the patient and the kind of a new alert', () => {
    expect(notificationSentence(i18n.getFixedT('en'), alert, 'en')).toBe(
      'Ada Lovelace reported pain at or above your alert level.',
    );
    expect(notificationSentence(i18n.getFixedT('ko'), alert, 'ko')).toContain('Ada Lovelace');
  });

  it('names the patient of a new symptom report, and opens their reports', () => {
    expect(notificationSentence(i18n.getFixedT('en'), symptomReport, 'en')).toBe('Ada Lovelace sent a symptom report.');
    expect(notificationSentence(i18n.getFixedT('ko'), symptomReport, 'ko')).toContain('Ada Lovelace');
    expect(notificationPath(symptomReport)).toBe('/patientList/details/symptoms?id=2');
    expect(notificationPath(alert)).toBe('/');
    expect(notificationPath(notification)).toBe('/');
  });

  it('gives the service worker a template for every push type, alert kind, symptom report, message and waiting patient', () => {
    const texts = workerTexts(i18n.getFixedT('en'), 'en');
    expect(
      Object.keys(texts.types)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 9, 10]);
    expect(texts.types[PushType.bookedByPatient]).toBe('{{patientName}} booked a visit for {{when}}.');
    expect(Object.keys(texts.alerts)).toEqual([...alertKinds]);
    expect(texts.alerts.romRegression).toBe("{{patientName}}'s range of motion fell back this week.");
    expect(texts.symptomReport).toBe('{{patientName}} sent a symptom report.');
    expect(texts.message).toBe('{{patientName}} sent you a message.');
    expect(texts.waiting).toBe('{{patientName}} is waiting in the waiting room.');
  });
});
