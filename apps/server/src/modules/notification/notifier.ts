import { randomUUID } from 'node:crypto';
import type { AlertKind, AlertNotification, Notification, PushType, ServerMessage } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import { userChannel, type Bus } from '../../realtime/bus.ts';
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

export interface Notifier {
  schedulesChanged(seqUser: number): Promise<void>;
  alertRaised(alert: RaisedAlert): Promise<void>;
  visitChanged(pushType: PushType, visit: VisitParties, to: readonly ('clinician' | 'patient')[]): Promise<void>;
}

/**
 * Tells the people of a visit what happened to it, and a clinician of a new alert: at once over the realtime bus to their open
 * tabs and apps, and by Web Push to browsers whose tab is closed. Sent after the change is committed;
 * a failure to notify is logged and never undoes the change.
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
          push.send(alert.clinicianUser, notification),
        ]);
      } catch (error) {
        log.error({ err: error, seqMonitoringAlert: alert.seqMonitoringAlert }, 'alert notification not delivered');
      }
    },

    async visitChanged(pushType, visit, to): Promise<void> {
      const readers = to.flatMap((who) => {
        const seqUser = who === 'clinician' ? visit.clinicianUser : visit.patientUser;
        return seqUser === null ? [] : [seqUser];
      });
      await Promise.all(
        readers.map(async (seqUser) => {
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
          try {
            await Promise.all([bus.publish(userChannel(seqUser), message), push.send(seqUser, notification)]);
          } catch (error) {
            log.error({ err: error, pushType, seqSchedule: visit.seqSchedule }, 'notification not delivered');
          }
        }),
      );
    },
  };
}
