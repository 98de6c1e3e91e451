import type { Inquiry, listInquiries, BodyOf, saveClinicInquiry, saveProviderInquiry } from '@clinic/contract';
import type { Answer } from '../../http/route.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { inquiryMail } from '../../mail/templates.ts';
import { clientNetwork, enforceLimits, type RateLimiter } from '../../security/rate-limiter.ts';
import { accountOf } from '../user/index.ts';
import { fullName, managerRepository } from '../shared/index.ts';
import { boardRepository, type InquiryRow, type NewInquiry } from './board.repository.ts';

/** Provider inquiries come from people without an account: a few an hour from one address. */
const providerInquiriesPerHour = { max: 5, windowSeconds: 3600 };

function toInquiry(row: InquiryRow): Inquiry {
  return {
    seqBoard: row.seqBoard,
    category: row.category as Inquiry['category'],
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface BoardService {
  fromClinician(principal: Principal, request: BodyOf<typeof saveClinicInquiry>): Promise<Inquiry>;
  fromProvider(request: BodyOf<typeof saveProviderInquiry>, context: RequestContext): Promise<number>;
  list(principal: Principal, page: number, size: number): Promise<Answer<typeof listInquiries>>;
  remove(principal: Principal, seqBoard: number): Promise<void>;
}

/** Questions to the service team: each is kept and mailed to the team's address. */
export function boardService({
  db,
  now,
  mails,
  limiter,
  supportEmail,
}: {
  db: Database;
  now: Clock;
  mails: MailQueue;
  limiter: RateLimiter;
  supportEmail: string;
}): BoardService {
  /** Keeps an inquiry and mails it to the team: the mail is queued with it, so it is never lost. */
  async function keep(values: NewInquiry): Promise<InquiryRow> {
    const { row, queued } = await db.transaction(async (tx) => {
      const row = await boardRepository(tx).insert(values);
      return { row, queued: await mails.enqueue(tx, [inquiryMail(supportEmail, row)]) };
    });
    await mails.deliver(queued);
    return row;
  }

  return {
    async fromClinician(principal, request) {
      const [user, manager] = await Promise.all([
        accountOf(db, principal.seqUser),
        managerRepository(db).findByUser(principal.seqUser),
      ]);
      const row = await keep({
        seqManager: principal.seqManager,
        kind: 'clinic',
        ...request,
        name: manager ? fullName(manager) : null,
        email: user?.userEmail ?? null,
        createdAt: now(),
      });
      return toInquiry(row);
    },

    async fromProvider(request, context) {
      await enforceLimits(limiter, [[`inquiry:ip:${clientNetwork(context.ip)}`, providerInquiriesPerHour]]);
      const row = await keep({
        kind: 'provider',
        category: 'service',
        title: request.title,
        content: request.content,
        name: request.name,
        email: request.email,
        organization: request.organization || null,
        phone: request.phone || null,
        createdAt: now(),
      });
      return row.seqBoard;
    },

    async list(principal, page, size) {
      const { rows, totalCount } = await boardRepository(db).pageOwn(principal.seqManager, page, size);
      return { inquiryList: rows.map(toInquiry), totalCount };
    },

    async remove(principal, seqBoard) {
      if (!(await boardRepository(db).removeOwn(seqBoard, principal.seqManager, now()))) throw notFound();
    },
  };
}
