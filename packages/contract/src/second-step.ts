import { z } from 'zod';

/**
 * The kinds of proof that can finish a login after the password (docs/decisions/0011-second-factor.md).
 * A recovery code stands in for a lost authenticator; a passkey is another kind of factor.
 */
export const secondFactorMethods = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/**
 * What a login answers when the password alone is not enough: a short-lived, single-use challenge
 * bound to that password check, and the methods that can finish it (none while one must first be set up).
 */
export const secondStep = z.lazy(() =>
  z.object({
    challenge: z.string(),
    methods: z.array(z.enum(secondFactorMethods)),
    expiresInSeconds: z.number().int(),
  }),
);
export type SecondStep = z.infer<typeof secondStep>;

/** A login challenge as the login answered it. */
export const challengeField = z.lazy(() =>
  z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'validation.invalid' }),
);

const base64url = z.lazy(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.invalid' })
    .max(16_384),
);

/**
 * A passkey's answer as the browser hands it over (WebAuthn's PublicKeyCredential in JSON): an
 * attestation when one is registered, an assertion when one logs in. The server checks the rest.
 */
export const passkeyCredential = z.lazy(() =>
  z.looseObject({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url }),
    clientExtensionResults: z.looseObject({}),
  }),
);
export type PasskeyCredential = z.infer<typeof passkeyCredential>;
