import {
  FailedCode,
  type LoginUser,
  type PasskeyCredential,
  type PasskeySummary,
  type TokenPair,
} from '@clinic/contract';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Principal, RequestContext } from '../../context.ts';
import { BusinessFailure } from '../../domain-error.ts';
import { clientNetwork, enforceLimits, type RateLimit } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { checkPasswordForChange, managerOf, openClinicianSession, type UserDependencies } from './account.ts';
import { loginRecord, queueLoginChangeMail } from './account-security.service.ts';
import { challengeRepository, type ChallengePurpose } from './challenge.repository.ts';
import { type PasskeyRow, passkeyRepository } from './passkey.repository.ts';
import { factorsOf } from './second-factor-login.ts';
import { secondFactorRepository } from './second-factor.repository.ts';
import { userRepository } from './user.repository.ts';

// WebAuthn and its certificate parsing load with the first ceremony, not with every start of the server.
const webauthn = () => import('@simplewebauthn/server');

/** How long a WebAuthn ceremony may take, from its options to the browser's answer. */
const challengeSeconds = 5 * 60;
type PasskeyPurpose = Extract<ChallengePurpose, 'passkey_register' | 'passkey_login'>;
/** Passkey logins an address may start in an hour: each keeps a challenge, and nobody is logged in yet. */
const loginsPerAddress: RateLimit = { max: 60, windowSeconds: 3600 };

type Session = { token: TokenPair; user: LoginUser };

export interface PasskeyService {
  list(principal: Principal): Promise<PasskeySummary[]>;
  beginRegistration(principal: Principal, password: string): Promise<{ options: { challenge: string } }>;
  finishRegistration(
    principal: Principal,
    name: string,
    credential: PasskeyCredential,
    context: RequestContext,
  ): Promise<PasskeySummary>;
  rename(principal: Principal, seqPasskey: number, name: string): Promise<void>;
  remove(principal: Principal, seqPasskey: number, password: string, context: RequestContext): Promise<void>;
  beginLogin(loginChallenge: string | undefined, context: RequestContext): Promise<{ options: { challenge: string } }>;
  login(credential: PasskeyCredential, browserId: string | undefined, context: RequestContext): Promise<Session>;
}

const summaryOf = (row: PasskeyRow): PasskeySummary => ({
  seqPasskey: row.seqPasskey,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const descriptorOf = (row: PasskeyRow) => ({
  id: row.credentialId,
  transports: row.transports as AuthenticatorTransport[],
});

/** The challenge the browser signed, read from its client data; the library checks the rest. */
function signedChallenge(credential: PasskeyCredential): string {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString());
    const { challenge } = clientData as { challenge?: unknown };
    if (typeof challenge === 'string') return challenge;
  } catch {
    // Unreadable client data is refused below like any other wrong answer.
  }
  throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
}

/** The WebAuthn challenge of a login's second step: the login's own challenge, so it is used up with it. */
export const secondStepChallenge = (loginChallenge: string): string =>
  Buffer.from(loginChallenge, 'base64url').toString('base64url');

/**
 * Checks an assertion of one of the clinic's passkeys for the expected challenge, with user
 * verification, and takes its signature counter, which must rise unless the authenticator keeps none
 * (a cloned authenticator shows up as a counter that does not). Answers the passkey; any failure is
 * PasskeyNotAccepted, and a passkey of another clinician than `seqUser` counts as unknown.
 */
export async function verifyPasskeyAssertion(
  { db, now, publicUrl }: Pick<UserDependencies, 'db' | 'now' | 'publicUrl'>,
  credential: PasskeyCredential,
  expectedChallenge: string,
  seqUser?: number,
): Promise<PasskeyRow> {
  const passkeys = passkeyRepository(db);
  const row = await passkeys.findByCredentialId(credential.id);
  if (!row || (seqUser !== undefined && row.seqUser !== seqUser)) {
    throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
  }
  const url = new URL(publicUrl);
  try {
    const { verified, authenticationInfo } = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: url.origin,
      expectedRPID: url.hostname,
      credential: {
        id: row.credentialId,
        publicKey: Buffer.from(row.publicKey, 'base64url'),
        counter: row.signCount,
      },
      requireUserVerification: true,
    });
    if (verified && (await passkeys.used(row.seqPasskey, authenticationInfo.newCounter, row.signCount, now()))) {
      return row;
    }
  } catch (error) {
    throw new BusinessFailure(FailedCode.PasskeyNotAccepted, { cause: error });
  }
  throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
}

/** Passkeys on My page and the login with a passkey alone (docs/decisions/0011-second-factor.md). */
export function passkeyService(deps: UserDependencies): PasskeyService {
  const { db, now, publicUrl, sessions, secondFactor } = deps;
  const url = new URL(publicUrl);
  const record = loginRecord(deps);

  /** Keeps a ceremony's challenge, as its hash, for one use within a few minutes. */
  async function keepChallenge(challenge: string, purpose: PasskeyPurpose, seqUser?: number): Promise<void> {
    await challengeRepository(db).insert({
      tokenHash: sha256(challenge),
      purpose,
      seqUser,
      expiresAt: new Date(now().getTime() + challengeSeconds * 1000),
    });
  }

  /** Uses up the challenge the browser signed; a used, expired or unknown one is refused. */
  async function useChallenge(credential: PasskeyCredential, purpose: PasskeyPurpose, seqUser?: number) {
    const challenge = signedChallenge(credential);
    const row = await challengeRepository(db).consume(sha256(challenge), purpose, now());
    if (!row || (seqUser !== undefined && row.seqUser !== seqUser)) {
      throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
    }
    return challenge;
  }

  return {
    async list(principal) {
      return (await passkeyRepository(db).list(principal.seqUser)).map(summaryOf);
    },

    async beginRegistration(principal, password) {
      await checkPasswordForChange(deps, principal.seqUser, password);
      const user = await userRepository(db).findById(principal.seqUser);
      if (!user) throw new BusinessFailure(FailedCode.WrongPassword);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: url.host,
        rpID: url.hostname,
        userName: user.userEmail,
        // A stable handle that names nobody: the same authenticator keeps one passkey per clinician.
        userID: Buffer.from(secondFactor.keys.hash(`passkey-user:${user.seqUser}`), 'hex'),
        attestationType: 'none',
        excludeCredentials: (await passkeyRepository(db).list(user.seqUser)).map(descriptorOf),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: [-7, -257],
      });
      await keepChallenge(options.challenge, 'passkey_register', user.seqUser);
      return { options };
    },

    async finishRegistration(principal, name, credential, context) {
      const expectedChallenge = await useChallenge(credential, 'passkey_register', principal.seqUser);
      let registered;
      try {
        const { verified, registrationInfo } = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: credential as unknown as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: url.origin,
          expectedRPID: url.hostname,
          requireUserVerification: true,
        });
        registered = verified ? registrationInfo.credential : undefined;
      } catch (error) {
        throw new BusinessFailure(FailedCode.PasskeyNotAccepted, { cause: error });
      }
      if (!registered || (await passkeyRepository(db).findByCredentialId(registered.id))) {
        throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
      }
      const { row, queued } = await db.transaction(async (tx) => {
        const added = await passkeyRepository(tx).insert({
          seqUser: principal.seqUser,
          credentialId: registered.id,
          publicKey: Buffer.from(registered.publicKey).toString('base64url'),
          signCount: registered.counter,
          transports: registered.transports ?? [],
          name,
        });
        await recordAudit(tx, principal, context, now(), [
          { action: 'create', entity: 'passkey', entityId: added.seqPasskey },
        ]);
        return { row: added, queued: await queueLoginChangeMail(deps, tx, principal.seqUser, 'passkey_added') };
      });
      await deps.mails.deliver(queued);
      return summaryOf(row);
    },

    async rename(principal, seqPasskey, name) {
      if (!(await passkeyRepository(db).rename(principal.seqUser, seqPasskey, name))) {
        throw new BusinessFailure(FailedCode.PasskeyNotFound);
      }
    },

    async remove(principal, seqPasskey, password, context) {
      await checkPasswordForChange(deps, principal.seqUser, password);
      const queued = await db.transaction(async (tx) => {
        const passkeys = passkeyRepository(tx);
        if (!(await passkeys.remove(principal.seqUser, seqPasskey))) {
          throw new BusinessFailure(FailedCode.PasskeyNotFound);
        }
        const left = await factorsOf(tx, principal.seqUser);
        if (!left.totp && !left.passkey) {
          // Where a second factor is required, the last one cannot go; the recovery codes go with it.
          if (secondFactor.required) throw new BusinessFailure(FailedCode.SecondFactorMandatory);
          await secondFactorRepository(tx).removeRecoveryCodes(principal.seqUser);
        }
        await recordAudit(tx, principal, context, now(), [
          { action: 'delete', entity: 'passkey', entityId: seqPasskey },
        ]);
        return queueLoginChangeMail(deps, tx, principal.seqUser, 'passkey_removed');
      });
      await deps.mails.deliver(queued);
    },

    async beginLogin(loginChallenge, context) {
      await enforceLimits(deps.limiter, [[`passkey-login:ip:${clientNetwork(context.ip)}`, loginsPerAddress]]);
      if (loginChallenge === undefined) {
        const options = await (
          await webauthn()
        ).generateAuthenticationOptions({ rpID: url.hostname, userVerification: 'required' });
        await keepChallenge(options.challenge, 'passkey_login');
        return { options };
      }
      const step = await challengeRepository(db).findLive(sha256(loginChallenge), now());
      if (step?.purpose !== 'second_factor' || step.seqUser === null)
        throw new BusinessFailure(FailedCode.LoginStepExpired);
      const options = await (
        await webauthn()
      ).generateAuthenticationOptions({
        rpID: url.hostname,
        userVerification: 'required',
        challenge: Buffer.from(secondStepChallenge(loginChallenge), 'base64url'),
        allowCredentials: (await passkeyRepository(db).list(step.seqUser)).map(descriptorOf),
      });
      return { options };
    },

    async login(credential, browserId, context) {
      const challenge = await useChallenge(credential, 'passkey_login');
      const passkey = await verifyPasskeyAssertion(deps, credential, challenge);
      const user = await userRepository(db).findById(passkey.seqUser);
      const manager = user && !user.deletedAt ? await managerOf(db, user) : undefined;
      if (!user || !manager || !user.emailVerifiedAt) throw new BusinessFailure(FailedCode.PasskeyNotAccepted);
      await record.succeeded(user, manager, context, browserId);
      return openClinicianSession(sessions, user, manager, {
        ip: context.ip,
        userAgent: context.userAgent,
        fcmToken: undefined,
        browserHash: browserId ? sha256(browserId) : undefined,
      });
    },
  };
}
