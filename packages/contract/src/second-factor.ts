import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { loginUser, tokenPair } from './user.ts';
import { passwordConfirmation } from './validation.ts';
import { challengeField, passkeyCredential } from './second-step.ts';

const tag = 'secondFactor';
// No endpoint here touches patient data (`audit: false`); the service still writes every factor or
// recovery-code change to the audit trail, the required set-up's too, where nobody is logged in yet.

/** The number of recovery codes a clinician gets at once, each good for one login. */
export const recoveryCodeCount = 10;

/** Six digits from the authenticator app; spaces as some apps show them are ignored. */
export const totpCodeField = z.lazy(() =>
  z
    .string({ error: 'validation.totp_code' })
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'validation.totp_code' })),
);

/** A recovery code as printed (xxxxx-xxxxx), in any case, with or without the hyphen and spaces. */
export const recoveryCodeField = z.lazy(() =>
  z
    .string({ error: 'validation.recovery_code' })
    .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'validation.recovery_code' })),
);

/** What an authenticator app needs to start making codes: the secret as a QR code and in text. */
const totpEnrolment = {
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
};

export const completeLogin = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/login',
  access: 'public',
  audit: false,
  tag,
  summary:
    "Finishes a login that answered SecondFactorRequired with a code of the clinician's authenticator app, a recovery code or a passkey; the challenge works once",
  get request() {
    return z.discriminatedUnion('method', [
      z.object({ challenge: challengeField, method: z.literal('totp'), code: totpCodeField }),
      z.object({ challenge: challengeField, method: z.literal('recovery_code'), code: recoveryCodeField }),
      z.object({ challenge: challengeField, method: z.literal('passkey'), credential: passkeyCredential }),
    ]);
  },
  get reply() {
    return reply({ token: tokenPair, user: loginUser }, [
      FailedCode.WrongSecondFactorCode,
      FailedCode.PasskeyNotAccepted,
      FailedCode.LoginStepExpired,
    ]);
  },
});

export const beginRequiredSetup = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/beginSetup',
  access: 'public',
  audit: false,
  tag,
  summary:
    'Starts the set-up of an authenticator app that a login answering SecondFactorSetupRequired asks for (REQUIRE_MFA)',
  get request() {
    return z.object({ challenge: challengeField });
  },
  get reply() {
    return reply(totpEnrolment, [FailedCode.LoginStepExpired]);
  },
});

export const completeRequiredSetup = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/confirmSetup',
  access: 'public',
  audit: false,
  tag,
  summary:
    'Confirms the required set-up with a first code and logs in; the recovery codes are shown this once and stored hashed',
  get request() {
    return z.object({ challenge: challengeField, code: totpCodeField });
  },
  get reply() {
    return reply({ recoveryCodes: z.array(z.string()), token: tokenPair, user: loginUser }, [
      FailedCode.WrongSecondFactorCode,
      FailedCode.LoginStepExpired,
      FailedCode.SecondFactorNotSetUp,
    ]);
  },
});

export const secondFactorStatus = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/getStatus',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Tells whether the clinician has an authenticator app, how many recovery codes are left and whether a second factor is required',
  request: emptyRequest,
  get reply() {
    return success({ totp: z.boolean(), recoveryCodesLeft: z.number().int(), required: z.boolean() });
  },
});

export const beginTotpSetup = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/beginTotp',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Makes a new authenticator secret after the password, pending until a first code confirms it; an app already set up keeps working until then',
  get request() {
    return passwordConfirmation();
  },
  get reply() {
    return reply(totpEnrolment, [FailedCode.WrongPassword]);
  },
});

export const confirmTotpSetup = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/confirmTotp',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Confirms the authenticator made pending after the password with a first code of it; it replaces any earlier one, and new recovery codes are shown this once',
  get request() {
    return z.object({ code: totpCodeField });
  },
  get reply() {
    return reply({ recoveryCodes: z.array(z.string()) }, [
      FailedCode.WrongSecondFactorCode,
      FailedCode.SecondFactorNotSetUp,
    ]);
  },
});

export const disableTotp = defineEndpoint({
  method: 'PUT',
  path: '/secondFactor/disableTotp',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Turns two-step verification off after the password: the authenticator and the recovery codes are removed',
  get request() {
    return passwordConfirmation();
  },
  get reply() {
    return reply({}, [FailedCode.WrongPassword, FailedCode.SecondFactorMandatory, FailedCode.SecondFactorNotSetUp]);
  },
});

export const regenerateRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/secondFactor/regenerateRecoveryCodes',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Replaces the recovery codes after the password; the new ones are shown this once',
  get request() {
    return passwordConfirmation();
  },
  get reply() {
    return reply({ recoveryCodes: z.array(z.string()) }, [FailedCode.WrongPassword, FailedCode.SecondFactorNotSetUp]);
  },
});
