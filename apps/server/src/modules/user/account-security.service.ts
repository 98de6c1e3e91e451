import { loginHistoryLength, session as sessionRules, type LoginAttempt, type OpenSession } from '@clinic/contract';
import type { Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import {
  loginChangeMail,
  newBrowserMail,
  type LoginChange,
  type SecurityMail,
} from '../../mail/account-security-mails.ts';
import { sha256 } from '../../security/secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { fullName, mailLanguageOf, managerRepository, type ManagerRow } from '../shared/index.ts';
import type { UserDependencies } from './account.ts';
import { accountSecurityRepository, loginAudit } from './account-security.repository.ts';
import { browserLabelOf } from './browser-label.ts';
import { sessionRepository } from './session.repository.ts';
import { userRepository, type UserRow } from './user.repository.ts';

type MailDependencies = Pick<UserDependencies, 'db' | 'mails' | 'now' | 'publicUrl'>;

const securityMail = ({ now, publicUrl }: MailDependencies, user: UserRow, manager: ManagerRow): SecurityMail => ({
  language: mailLanguageOf(user),
  to: user.userEmail,
  name: fullName(manager),
  at: now(),
  myPage: `${publicUrl}/options`,
});

/**
 * Queues, in the transaction of the change, the mail telling a clinician that how their account logs
 * in changed (a factor added, replaced or removed); answers what to deliver once it commits.
 */
export async function queueLoginChangeMail(
  deps: MailDependencies,
  tx: Database,
  seqUser: number,
  change: LoginChange,
): Promise<number[]> {
  const user = await userRepository(tx).findById(seqUser);
  const manager = user && (await managerRepository(tx).findByUser(seqUser));
  if (!user || !manager) return [];
  return deps.mails.enqueue(tx, [loginChangeMail(securityMail(deps, user, manager), change)]);
}

/** The login attempts of an account, on the audit trail, and the mail of a login from a new browser. */
export interface LoginRecord {
  /** A login with the right password, before its session opens (the session then knows the browser). */
  succeeded(user: UserRow, manager: ManagerRow | undefined, context: RequestContext, browserId?: string): Promise<void>;
  wrongPassword(user: UserRow, context: RequestContext): Promise<void>;
}

export function loginRecord(deps: MailDependencies): LoginRecord {
  const { db, now } = deps;
  const audit = (user: UserRow, seqManager: number | undefined, context: RequestContext, succeeded: boolean) =>
    recordAudit(db, { seqUser: user.seqUser, seqManager }, context, now(), [
      { ...loginAudit, outcome: succeeded ? 'success' : 'denied' },
    ]);
  return {
    async succeeded(user, manager, context, browserId) {
      await audit(user, manager?.seqManager, context, true);
      if (!manager) return;
      // Without an id every login is from a new browser; the account's first login is from none known.
      const { anyLogin, known } = await accountSecurityRepository(db).browserKnown(
        user.seqUser,
        browserId ? sha256(browserId) : '',
      );
      if (!anyLogin || known) return;
      const message = newBrowserMail(securityMail(deps, user, manager), browserLabelOf(context.userAgent), context.ip);
      await deps.mails.deliver(await deps.mails.enqueue(db, [message]));
    },

    async wrongPassword(user, context) {
      const manager = user.userType === 'manager' ? await managerRepository(db).findByUser(user.seqUser) : undefined;
      await audit(user, manager?.seqManager, context, false);
    },
  };
}

export interface AccountSecurityService {
  listSessions(principal: Principal): Promise<OpenSession[]>;
  endSession(principal: Principal, id: string): Promise<void>;
  endOtherSessions(principal: Principal): Promise<void>;
  loginHistory(principal: Principal): Promise<LoginAttempt[]>;
}

/** A clinician's own sessions and logins, as My page shows them. */
export function accountSecurityService({ db, sessions, now }: UserDependencies): AccountSecurityService {
  return {
    async listSessions(principal) {
      const activeSince = new Date(now().getTime() - sessionRules.idleLimitSeconds * 1000);
      const rows = await accountSecurityRepository(db).listOpen(principal.seqUser, activeSince);
      // This session first, then the others as the latest active come.
      rows.sort((a, b) => Number(b.id === principal.sessionId) - Number(a.id === principal.sessionId));
      return rows.map((row) => ({
        id: row.id,
        current: row.id === principal.sessionId,
        ...browserLabelOf(row.userAgent),
        ip: row.ip,
        startedAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastSeenAt.toISOString(),
      }));
    },

    /** Another clinician's session, or an ended one, answers like a missing one. */
    async endSession(principal, id) {
      const row = await sessionRepository(db).findById(id);
      if (!row || row.seqUser !== principal.seqUser || row.revokedAt) throw notFound();
      await sessions.end(id, 'ended_on_my_page');
    },

    async endOtherSessions(principal) {
      await sessionRepository(db).revokeAllOfUser(principal.seqUser, 'ended_on_my_page', now(), principal.sessionId);
      await sessions.endedAllOf(principal.seqUser, principal.sessionId);
    },

    async loginHistory(principal) {
      const rows = await accountSecurityRepository(db).loginHistory(principal.seqUser, loginHistoryLength);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        succeeded: row.outcome === 'success',
        ip: row.ip,
        ...browserLabelOf(row.userAgent),
      }));
    },
  };
}
