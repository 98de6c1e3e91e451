import { FailedCode, type SecondFactorMethod, type SecondStep } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { UserDependencies } from './account.ts';
import type { SessionClient } from './session.service.ts';
import { passkeyRepository } from './passkey.repository.ts';
import { challengeRepository } from './challenge.repository.ts';
import { secondFactorRepository } from './second-factor.repository.ts';

/** How long a login may take over its second step, and over setting an authenticator app up (REQUIRE_MFA). */
const challengeSeconds = { second_factor: 5 * 60, set_up: 15 * 60 } as const;

/** A login that checked the password but opens no session yet. */
export interface LoginSecondStep {
  failedCode: typeof FailedCode.SecondFactorRequired | typeof FailedCode.SecondFactorSetupRequired;
  secondStep: SecondStep;
}

/** The clinician's second factors: an authenticator app, passkeys. */
export async function factorsOf(database: Database, seqUser: number): Promise<{ totp: boolean; passkey: boolean }> {
  const totp = (await secondFactorRepository(database).findTotp(seqUser, 'confirmed')) !== undefined;
  return { totp, passkey: await passkeyRepository(database).hasAny(seqUser) };
}

/**
 * The step between a clinician's right password and their session (docs/decisions/0011-second-factor.md):
 * none without a factor (an authenticator app or a passkey), unless one is required.
 */
export function secondStepAfterPassword({
  db,
  now,
  secondFactor,
}: UserDependencies): (seqUser: number, client: SessionClient) => Promise<LoginSecondStep | undefined> {
  return async (seqUser, client) => {
    const { totp: hasTotp, passkey: hasPasskey } = await factorsOf(db, seqUser);
    const hasFactor = hasTotp || hasPasskey;
    const hasRecoveryCodes = hasFactor && (await secondFactorRepository(db).countUnusedRecoveryCodes(seqUser)) > 0;
    if (!hasFactor && !secondFactor.required) return undefined;
    const purpose = hasFactor ? 'second_factor' : 'set_up';
    const challenge = randomToken();
    const seconds = challengeSeconds[purpose];
    await challengeRepository(db).insert({
      tokenHash: sha256(challenge),
      seqUser,
      purpose,
      fcmToken: client.fcmToken ?? null,
      browserHash: client.browserHash ?? null,
      expiresAt: new Date(now().getTime() + seconds * 1000),
    });
    const methods: SecondFactorMethod[] = [
      ...(hasTotp ? (['totp'] as const) : []),
      ...(hasRecoveryCodes ? (['recovery_code'] as const) : []),
      ...(hasPasskey ? (['passkey'] as const) : []),
    ];
    return {
      failedCode: hasFactor ? FailedCode.SecondFactorRequired : FailedCode.SecondFactorSetupRequired,
      secondStep: { challenge, methods, expiresInSeconds: seconds },
    };
  };
}
