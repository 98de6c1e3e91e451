import { dueBeforeVisit, type AlertReason } from '@clinic/contract';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { questionnaireMail } from '../../mail/templates.ts';
import type { Notifier } from '../notification/index.ts';
import { mailLanguageOf } from '../shared/index.ts';
import { resolve, titleOf } from './instruments.ts';
import { questionnaireRepository, type RequestToTell } from './questionnaire.repository.ts';

type Told = { request: RequestToTell; kind: 'due' | 'reminder' };

function mailOf({ request, kind }: Told, publicUrl: string): MailMessage {
  return questionnaireMail(
    mailLanguageOf(request),
    request.email,
    kind,
    request.managerName,
    `${publicUrl}/patient/?questionnaire=${request.seqQuestionnaireRequest}`,
  );
}

/**
 * Each pass: adds the questionnaires of "before each visit" schedules for visits booked since,
 * moves those not told yet with their visit, withdraws those whose visit was cancelled, expired or
 * took place, tells each patient of a questionnaire come due and reminds them after reminderDays
 * (by Web Push and on their open apps, or by mail when no browser of theirs takes the push), and
 * marks those still open overdueDays after they were due overdue: the monitoring job raises an
 * alert for each while it stays open.
 */
export function questionnaireJob({
  db,
  now,
  notify,
  mails,
  publicUrl,
}: {
  db: Database;
  now: Clock;
  notify: Notifier;
  mails: MailQueue;
  publicUrl: string;
}): { run(tx: Database): Promise<() => Promise<void>> } {
  return {
    async run(tx) {
      const at = now();
      const questionnaires = questionnaireRepository(tx);
      const visits = await questionnaires.visitsWithoutRequest(at);
      await questionnaires.insertRequests(
        visits.flatMap(({ hoursBefore, expectStartAt, ...visit }) => {
          const dueAt = dueBeforeVisit(expectStartAt, hoursBefore, at);
          return dueAt ? [{ ...visit, dueAt }] : [];
        }),
      );
      await questionnaires.followMovedVisits(at);
      await questionnaires.withdrawForGoneVisits(at);
      const told: Told[] = [
        ...(await questionnaires.toTell('due', at)).map((request) => ({ request, kind: 'due' as const })),
        ...(await questionnaires.toTell('reminder', at)).map((request) => ({ request, kind: 'reminder' as const })),
      ];
      const pushed = told.filter((entry) => entry.request.hasPush);
      const seqMails = await mails.enqueue(
        tx,
        told.filter((entry) => !entry.request.hasPush).map((entry) => mailOf(entry, publicUrl)),
      );
      await questionnaires.markOverdue(at);
      return async () => {
        const unheard: Told[] = [];
        for (const entry of pushed) {
          const taken = await notify.questionnaireDue({
            type: entry.kind === 'due' ? 'questionnaireDue' : 'questionnaireReminder',
            managerName: entry.request.managerName,
            seqQuestionnaireRequest: entry.request.seqQuestionnaireRequest,
            patientUser: entry.request.patientUser,
          });
          // Every browser refused it (gone, or failing): the patient is mailed instead.
          if (taken === 0) unheard.push(entry);
        }
        const fallback = await mails.enqueue(
          db,
          unheard.map((entry) => mailOf(entry, publicUrl)),
        );
        await mails.deliver([...seqMails, ...fallback]);
      };
    },
  };
}

/** An alert the monitoring job keeps ongoing while its questionnaire stays open. */
export interface OverdueFinding {
  kind: 'questionnaireOverdue';
  subject: string;
  reason: Extract<AlertReason, { kind: 'questionnaireOverdue' }>;
  seqMedicalRelation: number;
  seqManager: number;
}

/**
 * The open questionnaires found overdue, as the monitoring job's findings: one alert each, on the
 * clinician's worklist, ongoing until it is answered or withdrawn.
 */
export async function overdueQuestionnaireFindings(database: Database): Promise<OverdueFinding[]> {
  const questionnaires = questionnaireRepository(database);
  const rows = await questionnaires.overdue();
  const customs = await questionnaires.customsOf(rows);
  return rows.map((row) => ({
    kind: 'questionnaireOverdue' as const,
    subject: String(row.seqQuestionnaireRequest),
    reason: {
      kind: 'questionnaireOverdue' as const,
      seqQuestionnaireRequest: row.seqQuestionnaireRequest,
      title: titleOf(resolve(row, customs).instrument),
      dueAt: row.dueAt.toISOString(),
    },
    seqMedicalRelation: row.seqMedicalRelation,
    seqManager: row.seqManager,
  }));
}
