import { randomInt } from 'node:crypto';
import {
  FailedCode,
  type LoginUser,
  recoveryCodeCount,
  type PasskeyCredential,
  type SecondFactorMethod,
  type TokenPair,
} from '@clinic/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure } from '../../domain-error.ts';
import { enforceLimits, type RateLimit } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { recordAudit } from '../audit/index.ts';
import type { ManagerRow } from '../shared/index.ts';
import { checkPasswordForChange, managerOf, openClinicianSession, type UserDependencies } from './account.ts';
import { queueLoginChangeMail } from './account-security.service.ts';
import { secondStepChallenge, verifyPasskeyAssertion } from './passkey.service.ts';
import { challengeRepository, type ChallengeRow } from './challenge.repository.ts';
import { loginGuessing } from './login-guessing.ts';
import { factorsOf } from './second-factor-login.ts';
import { secondFactorRepository } from './second-factor.repository.ts';
import { type UserRow, userRepository } from './user.repository.ts';

// The QR code writer loads with the first set-up of an authenticator app, not with every start.
const qrCodes = () => import('qrcode');

/** Wrong codes an account may send in an hour, whatever the address: six digits leave no room for more. */
const wrongCodesPerAccount: RateLimit = { max: 10, windowSeconds: 3600 };
/** Codes of the time steps either side of now are taken too, for a phone's clock a little off. */
const totpToleranceSeconds = 30;
/** 32 letters and digits that cannot be mistaken for each other (no l, o, 0, 1): 50 bits a code. */
const recoveryAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

type Session = { token: TokenPair; user: LoginUser };

/** A login's challenge between the password and the session: always a clinician's. */
type LoginStep = ChallengeRow & { seqUser: number };

export interface SecondFactorService {
  status(principal: Principal): Promise<{ totp: boolean; recoveryCodesLeft: number; required: boolean }>;
  beginTotp(principal: Principal, password: string): Promise<TotpEnrolment>;
  confirmTotp(principal: Principal, code: string, context: RequestContext): Promise<{ recoveryCodes: string[] }>;
  disableTotp(principal: Principal, password: string, context: RequestContext): Promise<void>;
  regenerateRecoveryCodes(
    principal: Principal,
    password: string,
    context: RequestContext,
  ): Promise<{ recoveryCodes: string[] }>;
  beginRequiredSetup(challenge: string): Promise<TotpEnrolment>;
  completeRequiredSetup(
    challenge: string,
    code: string,
    context: RequestContext,
  ): Promise<Session & { recoveryCodes: string[] }>;
  completeLogin(
    request:
      | { challenge: string; method: Exclude<SecondFactorMethod, 'passkey'>; code: string }
      | { challenge: string; method: 'passkey'; credential: PasskeyCredential },
    context: RequestContext,
  ): Promise<Session>;
}

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** Authenticator apps, recovery codes and the login's second step (docs/decisions/0011-second-factor.md). */
export function secondFactorService(deps: UserDependencies): SecondFactorService {
  const { db, limiter, sessions, now, secondFactor, publicUrl } = deps;
  const { keys, required } = secondFactor;
  const issuer = new URL(publicUrl).host;
  const guessing = loginGuessing(deps);

  /** The time step of a code of the secret that is good now and newer than `after`, if it is one. */
  async function acceptedStep(sealedSecret: string, code: string, after: number | null): Promise<number | undefined> {
    const result = await verify({
      secret: keys.open(sealedSecret),
      token: code,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: totpToleranceSeconds,
      ...(after !== null && { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /** Runs a check of a code, counted against the account's guesses; a wrong code is a business failure. */
  async function guessed(seqUser: number, check: () => Promise<boolean>): Promise<void> {
    const key = `second-factor:user:${seqUser}`;
    await enforceLimits(limiter, [[key, wrongCodesPerAccount]]);
    if (!(await check())) throw new BusinessFailure(FailedCode.WrongSecondFactorCode);
    await limiter.reset(key, wrongCodesPerAccount);
  }

  const checkPassword = (principal: Principal, password: string) =>
    checkPasswordForChange(deps, principal.seqUser, password);

  /** New recovery codes in place of the old ones: stored as keyed hashes, answered in clear this once. */
  async function replaceRecoveryCodes(tx: Database, seqUser: number): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await secondFactorRepository(tx).replaceRecoveryCodes(
      seqUser,
      codes.map((code) => keys.hash(code.replace('-', ''))),
    );
    return codes;
  }

  async function begin(seqUser: number): Promise<TotpEnrolment> {
    const user = await userRepository(db).findById(seqUser);
    if (!user) throw new BusinessFailure(FailedCode.LoginStepExpired);
    const secret = generateSecret();
    await secondFactorRepository(db).replacePending(seqUser, keys.seal(secret));
    const otpauthUri = generateURI({ issuer, label: user.userEmail, secret });
    const svg = await (
      await qrCodes()
    ).default.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Makes the pending authenticator the one in use once a first code of it checks out, with new
   * recovery codes; `then` runs in the same transaction (the audit row, the used challenge).
   */
  async function confirm(
    seqUser: number,
    code: string,
    then: (tx: Database) => Promise<void>,
  ): Promise<{ recoveryCodes: string[] }> {
    const pending = await secondFactorRepository(db).findTotp(seqUser, 'pending');
    if (!pending) throw new BusinessFailure(FailedCode.SecondFactorNotSetUp);
    let step: number | undefined;
    await guessed(seqUser, async () => (step = await acceptedStep(pending.sealedSecret, code, null)) !== undefined);
    const { recoveryCodes, queued } = await db.transaction(async (tx) => {
      await secondFactorRepository(tx).confirm(pending.seqSecondFactor, seqUser, step!, now());
      const codes = await replaceRecoveryCodes(tx, seqUser);
      await then(tx);
      return { recoveryCodes: codes, queued: await queueLoginChangeMail(deps, tx, seqUser, 'totp_added') };
    });
    await deps.mails.deliver(queued);
    return { recoveryCodes };
  }

  /** The live challenge of a login for the given step, else the failure that sends the clinician back to the password. */
  async function liveChallenge(challenge: string, purpose: 'second_factor' | 'set_up'): Promise<LoginStep> {
    const row = await challengeRepository(db).findLive(sha256(challenge), now());
    if (row?.purpose !== purpose || row.seqUser === null) throw new BusinessFailure(FailedCode.LoginStepExpired);
    return { ...row, seqUser: row.seqUser };
  }

  /** Uses the challenge up (once only, also when two tabs race) and finds whom it logs in. */
  async function useChallenge(tx: Database, challenge: LoginStep): Promise<{ user: UserRow; manager: ManagerRow }> {
    if (!(await challengeRepository(tx).consume(challenge.tokenHash, challenge.purpose, now()))) {
      throw new BusinessFailure(FailedCode.LoginStepExpired);
    }
    const user = await userRepository(tx).findById(challenge.seqUser);
    const manager = user && !user.deletedAt ? await managerOf(tx, user) : undefined;
    if (!user || !manager) throw new BusinessFailure(FailedCode.LoginStepExpired);
    return { user, manager };
  }

  /** The session a finished login opens, once its transaction has committed. */
  const openSession = (
    { user, manager }: { user: UserRow; manager: ManagerRow },
    challenge: LoginStep,
    context: RequestContext,
  ): Promise<Session> =>
    openClinicianSession(sessions, user, manager, {
      ip: context.ip,
      userAgent: context.userAgent,
      fcmToken: challenge.fcmToken ?? undefined,
      browserHash: challenge.browserHash ?? undefined,
    });

  return {
    async status(principal) {
      const { totp, passkey } = await factorsOf(db, principal.seqUser);
      const recoveryCodesLeft =
        totp || passkey ? await secondFactorRepository(db).countUnusedRecoveryCodes(principal.seqUser) : 0;
      return { totp, recoveryCodesLeft, required };
    },

    async beginTotp(principal, password): Promise<TotpEnrolment> {
      await checkPassword(principal, password);
      return begin(principal.seqUser);
    },

    confirmTotp: (principal: Principal, code: string, context: RequestContext) =>
      confirm(principal.seqUser, code, (tx) =>
        recordAudit(tx, principal, context, now(), [{ action: 'create', entity: 'second_factor' }]),
      ),

    async disableTotp(principal, password, context): Promise<void> {
      await checkPassword(principal, password);
      if (required) throw new BusinessFailure(FailedCode.SecondFactorMandatory);
      const { totp, passkey } = await factorsOf(db, principal.seqUser);
      if (!totp) throw new BusinessFailure(FailedCode.SecondFactorNotSetUp);
      const queued = await db.transaction(async (tx) => {
        // The recovery codes stay while passkeys remain: they stand in for any factor.
        const factors = secondFactorRepository(tx);
        await (passkey ? factors.removeTotp(principal.seqUser) : factors.removeAll(principal.seqUser));
        await recordAudit(tx, principal, context, now(), [{ action: 'delete', entity: 'second_factor' }]);
        return queueLoginChangeMail(deps, tx, principal.seqUser, 'totp_removed');
      });
      await deps.mails.deliver(queued);
    },

    async regenerateRecoveryCodes(principal, password, context) {
      await checkPassword(principal, password);
      const { totp, passkey } = await factorsOf(db, principal.seqUser);
      if (!totp && !passkey) throw new BusinessFailure(FailedCode.SecondFactorNotSetUp);
      const { recoveryCodes, queued } = await db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, principal.seqUser);
        await recordAudit(tx, principal, context, now(), [{ action: 'update', entity: 'recovery_codes' }]);
        return {
          recoveryCodes: codes,
          queued: await queueLoginChangeMail(deps, tx, principal.seqUser, 'recovery_codes_renewed'),
        };
      });
      await deps.mails.deliver(queued);
      return { recoveryCodes };
    },

    async beginRequiredSetup(challenge): Promise<TotpEnrolment> {
      return begin((await liveChallenge(challenge, 'set_up')).seqUser);
    },

    async completeRequiredSetup(challenge, code, context) {
      const row = await liveChallenge(challenge, 'set_up');
      let clinician: { user: UserRow; manager: ManagerRow } | undefined;
      const { recoveryCodes } = await confirm(row.seqUser, code, async (tx) => {
        clinician = await useChallenge(tx, row);
        // Nobody was logged in when the call came: the row names the clinician the login is for.
        const actor = { seqUser: row.seqUser, seqManager: clinician.manager.seqManager };
        await recordAudit(tx, actor, context, now(), [{ action: 'create', entity: 'second_factor' }]);
      });
      return { ...(await openSession(clinician!, row, context)), recoveryCodes };
    },

    async completeLogin(request, context): Promise<Session> {
      const row = await liveChallenge(request.challenge, 'second_factor');
      const { seqUser } = row;
      const clinician = await db.transaction(async (tx) => {
        const factors = secondFactorRepository(tx);
        if (request.method === 'passkey') {
          const expected = secondStepChallenge(request.challenge);
          await verifyPasskeyAssertion({ ...deps, db: tx }, request.credential, expected, seqUser);
          return useChallenge(tx, row);
        }
        const guess = await guessing.code(seqUser, context);
        const isRight = async (): Promise<boolean> => {
          if (request.method === 'recovery_code') {
            return factors.useRecoveryCode(seqUser, keys.hash(request.code), now());
          }
          const totp = await factors.findTotp(seqUser, 'confirmed');
          if (!totp) return false;
          const step = await acceptedStep(totp.sealedSecret, request.code, totp.lastTimeStep);
          return step !== undefined && (await factors.useTimeStep(totp.seqSecondFactor, step));
        };
        if (!(await isRight())) throw new BusinessFailure(FailedCode.WrongSecondFactorCode);
        await guess.right();
        return useChallenge(tx, row);
      });
      return openSession(clinician, row, context);
    },
  };
}
