import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { challengeField, passkeyCredential } from './second-step.ts';
import { loginUser, tokenPair } from './user.ts';
import { currentPasswordField, idField, passwordConfirmation } from './validation.ts';

const tag = 'passkey';
// No endpoint here touches patient data (`audit: false`); the service writes every passkey added or
// removed to the audit trail (docs/decisions/0011-second-factor.md).

/** The name a clinician gives a passkey, to tell their devices apart. */
export const passkeyNameField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(60, { error: 'validation.too_long' }),
);

/** What adding a passkey asks: its name, and the password that begins the registration. */
export const passkeyAddition = z.lazy(() => z.object({ name: passkeyNameField, password: currentPasswordField }));

const passkeySummary = z.lazy(() =>
  z.object({
    seqPasskey: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  }),
);
export type PasskeySummary = z.infer<typeof passkeySummary>;

/** The WebAuthn options the browser hands to `navigator.credentials` (in JSON), challenge included. */
const ceremonyOptions = z.lazy(() => z.looseObject({ challenge: z.string() }));

export const listPasskeys = defineEndpoint({
  method: 'POST',
  path: '/passkey/list',
  access: 'manager',
  audit: false,
  tag,
  summary: "The clinician's passkeys, oldest first",
  request: emptyRequest,
  get reply() {
    return success({ passkeys: z.array(passkeySummary) });
  },
});

export const beginPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/passkey/beginRegistration',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Starts registering a passkey after the password: the creation options, with a single-use challenge good for 5 minutes',
  get request() {
    return passwordConfirmation();
  },
  get reply() {
    return reply({ options: ceremonyOptions }, [FailedCode.WrongPassword]);
  },
});

export const finishPasskeyRegistration = defineEndpoint({
  method: 'POST',
  path: '/passkey/finishRegistration',
  access: 'manager',
  audit: false,
  tag,
  summary: "Stores the passkey the browser made for the registration's challenge; the challenge works once",
  get request() {
    return z.object({ name: passkeyNameField, credential: passkeyCredential });
  },
  get reply() {
    return reply({ passkey: passkeySummary }, [FailedCode.PasskeyNotAccepted]);
  },
});

export const renamePasskey = defineEndpoint({
  method: 'PUT',
  path: '/passkey/rename',
  access: 'manager',
  audit: false,
  tag,
  summary: "Renames one of the clinician's passkeys",
  get request() {
    return z.object({ seqPasskey: idField, name: passkeyNameField });
  },
  get reply() {
    return reply({}, [FailedCode.PasskeyNotFound]);
  },
});

export const removePasskey = defineEndpoint({
  method: 'PUT',
  path: '/passkey/remove',
  access: 'manager',
  audit: false,
  tag,
  summary: "Removes one of the clinician's passkeys after the password",
  get request() {
    return z.object({ seqPasskey: idField, password: currentPasswordField });
  },
  get reply() {
    return reply({}, [FailedCode.WrongPassword, FailedCode.PasskeyNotFound, FailedCode.SecondFactorMandatory]);
  },
});

export const beginPasskeyLogin = defineEndpoint({
  method: 'POST',
  path: '/passkey/beginLogin',
  access: 'public',
  audit: false,
  tag,
  summary:
    "The request options of a passkey login: alone, any of the clinic's passkeys on the device (a single-use challenge good for 5 minutes); with a login's challenge, the second step after that password",
  get request() {
    return z.object({ challenge: challengeField.optional() });
  },
  get reply() {
    return reply({ options: ceremonyOptions }, [FailedCode.LoginStepExpired]);
  },
});

export const passkeyLogin = defineEndpoint({
  method: 'POST',
  path: '/passkey/login',
  access: 'public',
  audit: false,
  tag,
  summary:
    "Logs in with a passkey alone: the device's user verification makes it both factors; the challenge works once",
  get request() {
    return z.object({
      credential: passkeyCredential,
      browserId: z.uuid({ error: 'validation.invalid' }).optional(),
    });
  },
  get reply() {
    return reply({ token: tokenPair, user: loginUser }, [FailedCode.PasskeyNotAccepted]);
  },
});
