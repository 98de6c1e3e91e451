import { randomUUID } from 'node:crypto';
import { messageRules, type MessageNotification, type ServerMessage } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { userChannel, type Bus } from '../../realtime/bus.ts';
import { patientPushOf, type WebPushSender } from '../notification/index.ts';
import { fullName, mailLanguageOf } from '../shared/index.ts';
import { newMessageMail } from './message-mail.ts';
import { toMessageItem } from './message.mapper.ts';
import {
  messageRepository,
  type AttachmentRow,
  type MessageRow,
  type Side,
  type ThreadParties,
} from './message.repository.ts';

export interface MessageDelivery {
  /**
   * A message was stored: both sides' open sockets hear it; a reader with none is pushed, or
   * mailed. Runs in the background: the sender does not wait for a push service or SMTP.
   */
  added(parties: ThreadParties, messages: { row: MessageRow; attachments: AttachmentRow[] }[]): void;
  /** Messages were read or one withdrawn: both sides' open sockets hear it. */
  changed(parties: ThreadParties, change: 'read' | 'withdrawn'): Promise<void>;
  /** Settles when every delivery under way has ended (before shutting down, and in tests). */
  idle(): Promise<void>;
}

const userOf = (parties: ThreadParties, side: Side): number | null =>
  side === 'clinician' ? parties.clinicianUser : parties.patientUser;

/**
 * Delivery of messages after they are committed (docs/decisions/0016-messages.md). The realtime bus
 * tells whether anyone listened; a reader with no open socket is told by Web Push, at most once in
 * `messageRules.notifySeconds` per thread (the claim is one statement, so two instances never both
 * send), and a patient no push service took it for gets a mail instead. Neither names what was
 * written. A failure is logged and never undoes the message.
 */
export function messageDelivery({
  db,
  bus,
  push,
  mails,
  now,
  log,
  publicUrl,
}: {
  db: Database;
  bus: Bus;
  push: WebPushSender;
  mails: MailQueue;
  now: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
}): MessageDelivery {
  async function notifyAway(parties: ThreadParties, reader: Side, seqUser: number): Promise<void> {
    const at = now();
    const claimed = await messageRepository(db).claimNotification(
      parties.seqMedicalRelation,
      reader,
      at,
      messageRules.notifySeconds * 1000,
    );
    if (!claimed) return;
    const managerName = fullName({ firstName: parties.managerFirstName, lastName: parties.managerLastName });
    if (reader === 'clinician') {
      const notification: MessageNotification = {
        key: randomUUID(),
        kind: 'message',
        seqMedicalRelation: parties.seqMedicalRelation,
        patientName: parties.patientName,
        time: at.toISOString(),
      };
      await push.send(seqUser, () => notification);
      return;
    }
    const event = { type: 'messageReceived', managerName, seqMedicalRelation: parties.seqMedicalRelation } as const;
    const pushed = await push.send(seqUser, (browser) => patientPushOf(event, browser, at));
    if (pushed > 0 || !parties.patientEmail) return;
    const link = new URL(`/patient/?messages=${parties.seqMedicalRelation}`, publicUrl).href;
    const language = mailLanguageOf({ language: parties.patientLanguage ?? 'en' });
    const mail = newMessageMail(language, parties.patientEmail, parties.patientName, managerName, link);
    await mails.deliver(await mails.enqueue(db, [mail]));
  }

  const running = new Set<Promise<void>>();

  return {
    added(parties, messages) {
      const delivering = (async () => {
        // In their order: a patient's message before the automatic reply it got.
        for (const { row, attachments } of messages) {
          const reader: Side = row.senderRole === 'clinician' ? 'patient' : 'clinician';
          await Promise.all(
            (['clinician', 'patient'] as const).map(async (side) => {
              const seqUser = userOf(parties, side);
              if (seqUser === null) return;
              const heard = await bus.publish(userChannel(seqUser), {
                type: 'message',
                seqMedicalRelation: parties.seqMedicalRelation,
                message: toMessageItem(row, attachments, side),
              } satisfies ServerMessage);
              // An automatic reply answers a patient who has just written: it is not worth a push.
              if (side === reader && heard === 0 && row.automatic === null) await notifyAway(parties, reader, seqUser);
            }),
          );
        }
      })()
        // The relation's number only: never what was written, nor to whom.
        .catch((error: unknown) =>
          log.error({ err: error, seqMedicalRelation: parties.seqMedicalRelation }, 'message not delivered'),
        )
        .finally(() => running.delete(delivering));
      running.add(delivering);
    },

    async idle() {
      while (running.size > 0) await Promise.all(running);
    },

    async changed(parties, change) {
      const message: ServerMessage = { type: 'messageChanged', seqMedicalRelation: parties.seqMedicalRelation, change };
      try {
        await Promise.all(
          (['clinician', 'patient'] as const).map(async (side) => {
            const seqUser = userOf(parties, side);
            if (seqUser !== null) await bus.publish(userChannel(seqUser), message);
          }),
        );
      } catch (error) {
        log.error({ err: error, seqMedicalRelation: parties.seqMedicalRelation }, 'message change not told');
      }
    },
  };
}
