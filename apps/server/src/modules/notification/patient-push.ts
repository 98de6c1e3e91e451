import { randomUUID } from 'node:crypto';
import type { Language, PatientPush, PatientPushType } from '@clinic/contract';
import type { PushReader } from './web-push.ts';

/** The messages about a questionnaire. */
export type QuestionnairePushType = Extract<PatientPushType, 'questionnaireDue' | 'questionnaireReminder'>;
/** The messages about a visit. */
export type VisitPushType = Exclude<PatientPushType, 'prescriptionAdded' | 'messageReceived' | QuestionnairePushType>;

/** What a patient is told of: a change to a visit, a new exercise in their program, or a questionnaire due. */
export type PatientEvent =
  | {
      type: VisitPushType;
      seqSchedule: number;
      managerName: string;
      expectStartAt: Date;
    }
  | { type: 'prescriptionAdded'; managerName: string }
  | { type: QuestionnairePushType; managerName: string; seqQuestionnaireRequest: number }
  | { type: 'messageReceived'; managerName: string; seqMedicalRelation: number };

interface Texts {
  visitTitle: string;
  programTitle: string;
  questionnaireTitle: string;
  messageTitle: string;
  /** Each message's sentence: {{clinician}} is the clinician's name, {{date}} the visit's date and time. */
  bodies: Record<PatientPushType, string>;
}

/** The sentences of the patient app's own notifications (apps/patient locales), and those it has no need of. */
const texts: Record<Language, Texts> = {
  en: {
    visitTitle: 'Visit update',
    programTitle: 'Program update',
    questionnaireTitle: 'Questionnaire',
    messageTitle: 'New message',
    bodies: {
      visitBooked: 'Your visit with {{clinician}} on {{date}} is booked.',
      visitMoved: 'Your visit with {{clinician}} was moved to {{date}}.',
      visitCancelled: 'Your visit with {{clinician}} on {{date}} was cancelled.',
      visitStartingSoon: 'Your visit with {{clinician}} on {{date}} starts soon.',
      visitCompleted: 'Your visit with {{clinician}} on {{date}} is completed.',
      visitExpired: 'Your visit with {{clinician}} on {{date}} has expired.',
      prescriptionAdded: '{{clinician}} added an exercise to your program.',
      questionnaireDue: '{{clinician}} sent you a questionnaire to fill in.',
      questionnaireReminder: 'A reminder: the questionnaire from {{clinician}} is waiting for your answers.',
      messageReceived: '{{clinician}} sent you a message.',
    },
  },
  ko: {
    visitTitle: '진료 알림',
    programTitle: '운동 프로그램 알림',
    questionnaireTitle: '설문',
    messageTitle: '새 메시지',
    bodies: {
      visitBooked: '{{date}} {{clinician}} 진료가 예약되었습니다.',
      visitMoved: '{{clinician}} 진료 시간이 {{date}}(으)로 변경되었습니다.',
      visitCancelled: '{{date}} {{clinician}} 진료가 취소되었습니다.',
      visitStartingSoon: '{{date}} {{clinician}} 진료가 곧 시작됩니다.',
      visitCompleted: '{{date}} {{clinician}} 진료가 완료되었습니다.',
      visitExpired: '{{date}} {{clinician}} 진료가 만료되었습니다.',
      prescriptionAdded: '{{clinician}}님이 운동 프로그램에 새 운동을 추가했습니다.',
      questionnaireDue: '{{clinician}}님이 작성할 설문을 보냈습니다.',
      questionnaireReminder: '알림: {{clinician}}님이 보낸 설문이 응답을 기다리고 있습니다.',
      messageReceived: '{{clinician}}님이 메시지를 보냈습니다.',
    },
  },
  'zh-HK': {
    visitTitle: '診症更新',
    programTitle: '運動計劃更新',
    questionnaireTitle: '問卷',
    messageTitle: '新訊息',
    bodies: {
      visitBooked: '你於 {{date}} 與 {{clinician}} 的診症已預約。',
      visitMoved: '你與 {{clinician}} 的診症已改到 {{date}}。',
      visitCancelled: '你於 {{date}} 與 {{clinician}} 的診症已取消。',
      visitStartingSoon: '你於 {{date}} 與 {{clinician}} 的診症即將開始。',
      visitCompleted: '你於 {{date}} 與 {{clinician}} 的診症已完成。',
      visitExpired: '你於 {{date}} 與 {{clinician}} 的診症已過期。',
      prescriptionAdded: '{{clinician}} 已在你的運動計劃中加入新運動。',
      questionnaireDue: '{{clinician}} 已向你發送一份問卷，請填寫。',
      questionnaireReminder: '提提你：{{clinician}} 發送的問卷正等待你回答。',
      messageReceived: '{{clinician}} 向你發送了訊息。',
    },
  },
  cs: {
    visitTitle: 'Změna návštěvy',
    programTitle: 'Změna programu',
    questionnaireTitle: 'Dotazník',
    messageTitle: 'Nová zpráva',
    bodies: {
      visitBooked: 'Vaše návštěva u {{clinician}} {{date}} je objednána.',
      visitMoved: 'Vaše návštěva u {{clinician}} byla přesunuta na {{date}}.',
      visitCancelled: 'Vaše návštěva u {{clinician}} {{date}} byla zrušena.',
      visitStartingSoon: 'Vaše návštěva u {{clinician}} {{date}} brzy začíná.',
      visitCompleted: 'Vaše návštěva u {{clinician}} {{date}} je dokončena.',
      visitExpired: 'Vaše návštěva u {{clinician}} {{date}} propadla.',
      prescriptionAdded: '{{clinician}} vám do cvičebního programu přidal nový cvik.',
      questionnaireDue: '{{clinician}} vám poslal dotazník k vyplnění.',
      questionnaireReminder: 'Připomínka: dotazník od {{clinician}} čeká na vaše odpovědi.',
      messageReceived: '{{clinician}} vám poslal(a) zprávu.',
    },
  },
};

const dateParts: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * A visit's time as the patient app writes it, in the zone the browser subscribed in; in UTC,
 * named, when that zone is not known (or not one Intl knows).
 */
function formatWhen(at: Date, { language, timeZone }: PushReader): string {
  if (timeZone !== undefined) {
    try {
      return new Intl.DateTimeFormat(language, { ...dateParts, timeZone }).format(at);
    } catch {
      // A zone stored with a subscription made at login, unchecked: written in UTC below.
    }
  }
  return namedTimeText(at, language, 'UTC');
}

/** A visit's time in the reader's language and the given zone, named ("… GMT+1"). */
export function namedTimeText(at: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { ...dateParts, timeZone, timeZoneName: 'short' }).format(at);
}

/**
 * The Web Push message of a patient's browser (the contract's `PatientPush`):
 * `{ key, type, title, body, url, time }`. Title and body are written here, in the reader's
 * language and time zone, so the service worker shows them as they are; `url` opens the visit
 * (`/patient/?visit=<seqSchedule>`), the program (`/patient/?screen=program`) or the questionnaire
 * (`/patient/?questionnaire=<seqQuestionnaireRequest>`). Like the clinicians' push it names the
 * clinician and the visit's time, and nothing of the patient's health (not even which questionnaire).
 */
export function patientPushOf(event: PatientEvent, reader: PushReader, now: Date): PatientPush {
  const text = texts[reader.language];
  const { title, url, date } = ((): { title: string; url: string; date: string } => {
    switch (event.type) {
      case 'prescriptionAdded':
        return { title: text.programTitle, url: '/patient/?screen=program', date: '' };
      case 'messageReceived':
        return { title: text.messageTitle, url: `/patient/?messages=${event.seqMedicalRelation}`, date: '' };
      case 'questionnaireDue':
      case 'questionnaireReminder':
        return {
          title: text.questionnaireTitle,
          url: `/patient/?questionnaire=${event.seqQuestionnaireRequest}`,
          date: '',
        };
      default:
        return {
          title: text.visitTitle,
          url: `/patient/?visit=${event.seqSchedule}`,
          date: formatWhen(event.expectStartAt, reader),
        };
    }
  })();
  return {
    key: randomUUID(),
    type: event.type,
    title,
    body: text.bodies[event.type].split('{{clinician}}').join(event.managerName).split('{{date}}').join(date),
    url,
    time: now.toISOString(),
  };
}
