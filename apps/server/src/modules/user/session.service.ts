import { randomUUID } from 'node:crypto';
import { FailedCode, session as sessionRules, type TokenPair, type Access } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { unauthorized, HttpFailure } from '../../domain-error.ts';
import type { AccessTokens } from '../../security/access-token.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { Clock, PatientPrincipal, Principal } from '../../context.ts';
import { sessionRepository, type SessionRow } from './session.repository.ts';

export interface SessionDependencies {
  db: Database;
  tokens: AccessTokens;
  now: Clock;
}

/** Activity is written at most this often, so a busy session does not write on every request. */
const touchEverySeconds = 15;

export type SessionService = ReturnType<typeof sessionService>;

export function sessionService({ db, tokens, now }: SessionDependencies) {
  const idleLimitMs = sessionRules.idleLimitSeconds * 1000;
  const isIdle = (row: SessionRow, at: Date): boolean => at.getTime() - row.lastSeenAt.getTime() > idleLimitMs;

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
    async open(
      user: { seqUser: number; seqManager?: number; seqPatient?: number },
      client: { ip: string; userAgent: string | undefined; fcmToken: string | undefined },
    ): Promise<TokenPair> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = {
          id: randomUUID(),
          seqUser: user.seqUser,
          seqManager: user.seqManager ?? null,
          seqPatient: user.seqPatient ?? null,
          lastSeenAt: at,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          fcmToken: client.fcmToken || null,
        };
        await sessionRepository(tx).insert(row);
        return issueTokens(tx, row, at);
      });
    },

    /**
     * Exchanges a refresh token for a new pair. A token used twice means it was stolen: the whole
     * family is revoked. An idle session is refused.
     */
    async refresh(presented: string | undefined): Promise<TokenPair> {
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
          return 'reused' as const;
        }
        if (token.expiresAt <= at) return 'expired' as const;
        if (isIdle(row, at)) {
          await sessions.revoke(row.id, 'idle', at);
          return 'idle' as const;
        }
        return issueTokens(tx, row, at);
      });
      if (typeof outcome === 'string') throw unauthorized(FailedCode.SessionEnded);
      return outcome;
    },

    /**
     * The caller of a bearer access token whose session is still open and not idle. A token of
     * the other kind of user is refused with 403.
     */
    async authenticate(
      authorization: string | undefined,
      access: Exclude<Access, 'public'>,
    ): Promise<{ principal?: Principal; patient?: PatientPrincipal }> {
      const match = /^Bearer (\S+)$/.exec(authorization ?? '');
      if (!match?.[1]) throw unauthorized(FailedCode.Unauthorized);
      const at = now();
      const claims = tokens.verify(match[1], at);
      if (claims === 'expired') throw unauthorized(FailedCode.TokenExpired);
      if (claims === 'invalid') throw unauthorized(FailedCode.Unauthorized);
      if ((access === 'manager' ? claims.mgr : claims.pat) === 0) throw new HttpFailure(403, FailedCode.Forbidden);
      const sessions = sessionRepository(db);
      const row = await sessions.findById(claims.sid);
      if (!row || row.revokedAt) throw unauthorized(FailedCode.SessionEnded);
      if (isIdle(row, at)) {
        await sessions.revoke(row.id, 'idle', at);
        throw unauthorized(FailedCode.SessionEnded);
      }
      await sessions.touch(row.id, at, touchEverySeconds);
      return access === 'manager'
        ? { principal: { seqUser: claims.sub, seqManager: claims.mgr, sessionId: claims.sid } }
        : { patient: { seqUser: claims.sub, seqPatient: claims.pat, sessionId: claims.sid } };
    },

    /** Whether a session is still open and not idle, without counting this as activity. */
    async isLive(sessionId: string): Promise<boolean> {
      const row = await sessionRepository(db).findById(sessionId);
      return row !== undefined && !row.revokedAt && !isIdle(row, now());
    },

    async end(sessionId: string, reason: string): Promise<void> {
      await sessionRepository(db).revoke(sessionId, reason, now());
    },
  };
}
