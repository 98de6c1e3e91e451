import { randomUUID } from 'node:crypto';
import { FailedCode, session as sessionRules, type TokenPair, type Access } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { unauthorized, HttpFailure } from '../../domain-error.ts';
import type { AccessTokens } from '../../security/access-token.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { Clock, PatientPrincipal, Principal } from '../../context.ts';
import type { Bus } from '../../realtime/bus.ts';
import { sessionRepository, type SessionRow } from './session.repository.ts';

export interface SessionDependencies {
  db: Database;
  tokens: AccessTokens;
  now: Clock;
  /** Tells every instance the moment sessions end, so none keeps accepting them from its cache. */
  bus: Bus;
  onError: (error: unknown) => void;
}

/**
 * Activity is written at most this often, so a busy session does not write on every request; a
 * session checked in the database less than this long ago is taken as open from memory.
 */
const touchEverySeconds = 15;
/** Sessions remembered as open by one instance, the least recently checked forgotten first. */
const cachedSessionsMax = 10_000;

/**
 * Sessions that ended: by id, or every session of a user but the one that ended the others; every
 * instance hears them on `endedChannel`.
 */
type EndedSessions = { sessionIds: string[] } | { seqUser: number; exceptSessionId?: string };
export const endedChannel = 'sessions:ended';

/** Whether an ended-sessions message covers a session of a user. */
function covers(ended: EndedSessions, session: { seqUser: number; sessionId: string }): boolean {
  return 'seqUser' in ended
    ? ended.seqUser === session.seqUser && ended.exceptSessionId !== session.sessionId
    : ended.sessionIds.includes(session.sessionId);
}

/** Tells whether the ends just heard cover a session. */
export type SessionEnds = (session: { seqUser: number; sessionId: string }) => boolean;

/** Where a session is opened from; the browser's lasting id, when it sends one, comes hashed. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
  fcmToken: string | undefined;
  browserHash?: string | undefined;
}

/** Who a signed-in route takes: a clinician, a patient, or either (what their own uploads need). */
export type SignedInAccess = Exclude<Access, 'public'> | 'signedIn';

export interface SessionService {
  open(user: { seqUser: number; seqManager?: number; seqPatient?: number }, client: SessionClient): Promise<TokenPair>;
  refresh(presented: string | undefined): Promise<TokenPair>;
  authenticate(
    authorization: string | undefined,
    access: SignedInAccess,
  ): Promise<{ principal?: Principal; patient?: PatientPrincipal }>;
  isLive(sessionId: string): Promise<boolean>;
  end(sessionId: string, reason: string): Promise<void>;
  endedAllOf(seqUser: number, exceptSessionId?: string): Promise<void>;
  onEnded(listener: (ends: SessionEnds) => void): void;
}

export function sessionService({ db, tokens, now, bus, onError }: SessionDependencies): SessionService {
  const idleLimitMs = sessionRules.idleLimitSeconds * 1000;
  const isIdle = (row: SessionRow, at: Date): boolean => at.getTime() - row.lastSeenAt.getTime() > idleLimitMs;

  /** Open sessions by id, with their user and when the database last said so (and was touched). */
  const open = new Map<string, { seqUser: number; checkedAt: number }>();
  /** Counts the ends heard, so a check that read the database before an end does not cache its answer. */
  let endsHeard = 0;
  /** Nothing is cached until the instance hears ends: it could not forget them otherwise. */
  let listening = false;
  /** Told of every end this instance hears, e.g. to close the realtime sockets of those sessions. */
  const endListeners: ((ends: SessionEnds) => void)[] = [];
  const forget = (ended: EndedSessions): void => {
    endsHeard += 1;
    for (const [sessionId, entry] of open)
      if (covers(ended, { seqUser: entry.seqUser, sessionId })) open.delete(sessionId);
    for (const listener of endListeners) listener((session) => covers(ended, session));
  };
  bus
    .subscribe(endedChannel, (message) => forget(message as EndedSessions))
    .then(() => {
      listening = true;
    }, onError);
  /**
   * Forgets ended sessions here at once, then on every other instance. The end is committed
   * already: a bus that fails leaves them open elsewhere until their next check, not the caller with an error.
   */
  const announce = async (ended: EndedSessions): Promise<void> => {
    forget(ended);
    await bus.publish(endedChannel, ended).catch(onError);
  };

  async function issueTokens(
    database: Database,
    row: Pick<SessionRow, 'id' | 'seqUser' | 'seqManager' | 'seqPatient'>,
    at: Date,
  ) {
    const refreshToken = randomToken();
    const expiresAt = new Date(at.getTime() + sessionRules.refreshTokenDays * 86_400_000);
    await sessionRepository(database).insertRefreshToken(sha256(refreshToken), row.id, expiresAt);
    const accessToken = tokens.sign(
      { sub: row.seqUser, mgr: row.seqManager ?? 0, pat: row.seqPatient ?? 0, sid: row.id },
      at,
    );
    return { accessToken, refreshToken } satisfies TokenPair;
  }

  return {
    /** Starts a session (a family of refresh tokens) for a user who has just proved who they are. */
    async open(user, client): Promise<TokenPair> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = {
          id: randomUUID(),
          seqUser: user.seqUser,
          seqManager: user.seqManager ?? null,
          seqPatient: user.seqPatient ?? null,
          createdAt: at,
          lastSeenAt: at,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          fcmToken: client.fcmToken || null,
          browserHash: client.browserHash ?? null,
        };
        await sessionRepository(tx).insert(row);
        return issueTokens(tx, row, at);
      });
    },

    /**
     * Exchanges a refresh token for a new pair. A token used twice means it was stolen: the whole
     * family is revoked. An idle session is refused.
     */
    async refresh(presented): Promise<TokenPair> {
      if (!presented) throw unauthorized(FailedCode.SessionEnded);
      const at = now();
      const tokenHash = sha256(presented);
      const outcome = await db.transaction(async (tx) => {
        const sessions = sessionRepository(tx);
        const token = await sessions.findRefreshToken(tokenHash);
        if (!token) return 'unknown' as const;
        const row = await sessions.findById(token.sessionId);
        if (!row || row.revokedAt) return 'revoked' as const;
        if (token.rotatedAt || !(await sessions.markRotated(tokenHash, at))) {
          await sessions.revoke(row.id, 'refresh_token_reuse', at);
          return { revoked: row.id };
        }
        if (token.expiresAt <= at) return 'expired' as const;
        if (isIdle(row, at)) {
          await sessions.revoke(row.id, 'idle', at);
          return { revoked: row.id };
        }
        return issueTokens(tx, row, at);
      });
      if (typeof outcome === 'string') throw unauthorized(FailedCode.SessionEnded);
      if ('revoked' in outcome) {
        await announce({ sessionIds: [outcome.revoked] });
        throw unauthorized(FailedCode.SessionEnded);
      }
      return outcome;
    },

    /**
     * The caller of a bearer access token whose session is still open and not idle. A token of
     * the other kind of user is refused with 403.
     */
    async authenticate(authorization, access): Promise<{ principal?: Principal; patient?: PatientPrincipal }> {
      const match = /^Bearer (\S+)$/.exec(authorization ?? '');
      if (!match?.[1]) throw unauthorized(FailedCode.Unauthorized);
      const at = now();
      const claims = tokens.verify(match[1], at);
      if (claims === 'expired') throw unauthorized(FailedCode.TokenExpired);
      if (claims === 'invalid') throw unauthorized(FailedCode.Unauthorized);
      const asManager = access === 'signedIn' ? claims.mgr !== 0 : access === 'manager';
      if ((asManager ? claims.mgr : claims.pat) === 0) throw new HttpFailure(403, FailedCode.Forbidden);
      // Checked in the database less than touchEverySeconds ago, and touched then: neither ended nor idle.
      const cached = open.get(claims.sid);
      if (!cached || at.getTime() - cached.checkedAt >= touchEverySeconds * 1000) {
        const heard = endsHeard;
        const sessions = sessionRepository(db);
        const row = await sessions.findById(claims.sid);
        if (!row || row.revokedAt) throw unauthorized(FailedCode.SessionEnded);
        if (isIdle(row, at)) {
          await sessions.revoke(row.id, 'idle', at);
          await announce({ sessionIds: [row.id] });
          throw unauthorized(FailedCode.SessionEnded);
        }
        await sessions.touch(row.id, at, touchEverySeconds);
        if (listening && heard === endsHeard) {
          open.delete(row.id);
          open.set(row.id, { seqUser: row.seqUser, checkedAt: at.getTime() });
          if (open.size > cachedSessionsMax) open.delete(open.keys().next().value!);
        }
      }
      return asManager
        ? { principal: { seqUser: claims.sub, seqManager: claims.mgr, sessionId: claims.sid } }
        : { patient: { seqUser: claims.sub, seqPatient: claims.pat, sessionId: claims.sid } };
    },

    /** Whether a session is still open and not idle, without counting this as activity. */
    async isLive(sessionId): Promise<boolean> {
      const row = await sessionRepository(db).findById(sessionId);
      return row !== undefined && !row.revokedAt && !isIdle(row, now());
    },

    async end(sessionId, reason): Promise<void> {
      await sessionRepository(db).revoke(sessionId, reason, now());
      await announce({ sessionIds: [sessionId] });
    },

    /** To be called once the revocation of every session of a user (but the one kept) is committed. */
    async endedAllOf(seqUser, exceptSessionId): Promise<void> {
      await announce(exceptSessionId === undefined ? { seqUser } : { seqUser, exceptSessionId });
    },

    /** Calls the listener with every end this instance hears, its own and the other instances'. */
    onEnded(listener): void {
      endListeners.push(listener);
    },
  };
}
