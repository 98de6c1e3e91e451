import { randomUUID } from 'node:crypto';
import {
  PushType,
  type AlertKind,
  type AlertNotification,
  type Notification,
  type ServerMessage,
  type SymptomReportNotification,
} from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import { userChannel, type Bus } from '../../realtime/bus.ts';
import { patientPushOf, type PatientEvent, type QuestionnairePushType, type VisitPushType } from './patient-push.ts';
import type { WebPushSender } from './web-push.ts';

/** A visit and the two people it concerns, as a notification needs them. */
export interface VisitParties {
  seqSchedule: number;
  seqMedicalRelation: number;
  patientName: string;
  managerName: string;
  expectStartAt: Date;
  clinicianUser: number;
  /** The patient's account; null when the patient does not use the app. */
  patientUser: number | null;
}

/** A new monitoring alert and the clinician it is for. */
export interface RaisedAlert {
  seqMonitoringAlert: number;
  seqMedicalRelation: number;
  patientName: string;
  kind: AlertKind;
  clinicianUser: number;
}

/** A new prescription and the patient it is for. */
export interface PrescriptionParties {
  managerName: string;
  /** The patient's account; null when the patient does not use the app. */
  patientUser: number | null;
}

/** A new symptom report and the clinician it was sent to. */
export interface ReportParties {
  seqSymptomReport: number;
  seqMedicalRelation: number;
  patientName: string;
  clinicianUser: number;
}

export interface Notifier {
  schedulesChanged(seqUser: number): Promise<void>;
  alertRaised(alert: RaisedAlert): Promise<void>;
  visitChanged(pushType: PushType, visit: VisitParties, to: readonly ('clinician' | 'patient')[]): Promise<void>;
  /** The clinician moved a visit: its patient hears of it. */
  visitMoved(visit: VisitParties): Promise<void>;
  /** The clinician prescribed an exercise: its patient's browsers hear of it. */
  prescriptionAdded(prescription: PrescriptionParties): Promise<void>;
  /** A patient sent a symptom report: the clinician it was sent to hears of it. */
  symptomReportAdded(report: ReportParties): Promise<void>;
  /**
   * A questionnaire came due, or is still open after a while: its patient's open apps and browsers
   * hear of it. Answers how many browsers took the push (none: the patient is to be mailed).
   */
  questionnaireDue(questionnaire: {
    type: QuestionnairePushType;
    managerName: string;
    seqQuestionnaireRequest: number;
    patientUser: number;
  }): Promise<number>;
}

/** What a patient's browser calls each push type; a patient's own booking or cancelling is never pushed to them. */
const patientPushTypeOf: Record<PushType, VisitPushType> = {
  [PushType.bookedByClinician]: 'visitBooked',
  [PushType.bookedByPatient]: 'visitBooked',
  [PushType.cancelledByClinician]: 'visitCancelled',
  [PushType.cancelledByPatient]: 'visitCancelled',
  [PushType.startingSoon]: 'visitStartingSoon',
  [PushType.completed]: 'visitCompleted',
  [PushType.expired]: 'visitExpired',
};

/**
 * Tells the people of a visit what happened to it, a clinician of a new alert or symptom report and
 * a patient of a new prescription: at once over the realtime bus to their open tabs and apps, and
 * by Web Push to browsers whose tab is closed (a patient's browser is sent a message written for
 * them, see patient-push.ts). Sent after the change is committed; a failure to notify is logged and never
 * undoes the change.
 */
export function notifier({
  bus,
  push,
  now,
  log,
}: {
  bus: Bus;
  push: WebPushSender;
  now: Clock;
  log: FastifyBaseLogger;
}): Notifier {
  /**
   * The socket carries the notification as SPEC 3 types it; a patient's browser is sent
   * `patientType`, a moved visit being a booking by the clinician on the socket.
   */
  async function tellOfVisit(
    pushType: PushType,
    patientType: VisitPushType,
    visit: VisitParties,
    to: readonly ('clinician' | 'patient')[],
  ): Promise<void> {
    await Promise.all(
      to.map(async (who) => {
        const seqUser = who === 'clinician' ? visit.clinicianUser : visit.patientUser;
        if (seqUser === null) return;
        const notification: Notification = {
          key: randomUUID(),
          pushType,
          seqSchedule: visit.seqSchedule,
          seqMedicalRelation: visit.seqMedicalRelation,
          patientName: visit.patientName,
          managerName: visit.managerName,
          scheduleExpectStartDatetime: visit.expectStartAt.toISOString(),
          time: now().toISOString(),
        };
        const message: ServerMessage = { type: 'notification', notification };
        const event: PatientEvent = {
          type: patientType,
          seqSchedule: visit.seqSchedule,
          managerName: visit.managerName,
          expectStartAt: visit.expectStartAt,
        };
        try {
          await Promise.all([
            bus.publish(userChannel(seqUser), message),
            push.send(seqUser, (reader) => (who === 'clinician' ? notification : patientPushOf(event, reader, now()))),
          ]);
        } catch (error) {
          log.error({ err: error, pushType, seqSchedule: visit.seqSchedule }, 'notification not delivered');
        }
      }),
    );
  }

  return {
    /** Tells the other tabs and windows of a user that they changed their own visits. */
    async schedulesChanged(seqUser): Promise<void> {
      try {
        await bus.publish(userChannel(seqUser), { type: 'schedulesChanged' } satisfies ServerMessage);
      } catch (error) {
        log.error({ err: error, seqUser }, 'schedule change not told');
      }
    },

    async alertRaised(alert): Promise<void> {
      const notification: AlertNotification = {
        key: randomUUID(),
        seqMonitoringAlert: alert.seqMonitoringAlert,
        seqMedicalRelation: alert.seqMedicalRelation,
        patientName: alert.patientName,
        alertKind: alert.kind,
        time: now().toISOString(),
      };
      const message: ServerMessage = { type: 'alert', notification };
      try {
        await Promise.all([
          bus.publish(userChannel(alert.clinicianUser), message),
          push.send(alert.clinicianUser, () => notification),
        ]);
      } catch (error) {
        log.error({ err: error, seqMonitoringAlert: alert.seqMonitoringAlert }, 'alert notification not delivered');
      }
    },

    visitChanged(pushType, visit, to): Promise<void> {
      return tellOfVisit(pushType, patientPushTypeOf[pushType], visit, to);
    },

    visitMoved(visit): Promise<void> {
      return tellOfVisit(PushType.bookedByClinician, 'visitMoved', visit, ['patient']);
    },

    async prescriptionAdded({ managerName, patientUser }): Promise<void> {
      if (patientUser === null) return;
      const event = { type: 'prescriptionAdded', managerName } as const;
      try {
        await push.send(patientUser, (reader) => patientPushOf(event, reader, now()));
      } catch (error) {
        log.error({ err: error }, 'prescription notification not delivered');
      }
    },

    async symptomReportAdded(report): Promise<void> {
      const notification: SymptomReportNotification = {
        key: randomUUID(),
        seqSymptomReport: report.seqSymptomReport,
        seqMedicalRelation: report.seqMedicalRelation,
        patientName: report.patientName,
        time: now().toISOString(),
      };
      const message: ServerMessage = { type: 'symptomReport', notification };
      try {
        await Promise.all([
          bus.publish(userChannel(report.clinicianUser), message),
          push.send(report.clinicianUser, () => notification),
        ]);
      } catch (error) {
        log.error(
          { err: error, seqSymptomReport: report.seqSymptomReport },
          'symptom report notification not delivered',
        );
      }
    },

    async questionnaireDue({ patientUser, ...event }): Promise<number> {
      try {
        const [, taken] = await Promise.all([
          bus.publish(userChannel(patientUser), { type: 'questionnaireDue' } satisfies ServerMessage),
          push.send(patientUser, (reader) => patientPushOf(event, reader, now())),
        ]);
        return taken;
      } catch (error) {
        log.error(
          { err: error, seqQuestionnaireRequest: event.seqQuestionnaireRequest },
          'questionnaire notification not delivered',
        );
        return 0;
      }
    },
  };
}
