import { z } from 'zod';

/**
 * The kinds of proof that can finish a login after the password (docs/decisions/0011-second-factor.md).
 * A recovery code stands in for a lost authenticator; a passkey will join this list as another kind.
 */
export const secondFactorMethods = ['totp', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/**
 * What a login answers when the password alone is not enough: a short-lived, single-use challenge
 * bound to that password check, and the methods that can finish it (none while one must first be set up).
 */
export const secondStep = z.object({
  challenge: z.string(),
  methods: z.array(z.enum(secondFactorMethods)),
  expiresInSeconds: z.number().int(),
});
export type SecondStep = z.infer<typeof secondStep>;
