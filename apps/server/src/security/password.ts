import { hash, verify } from '@node-rs/argon2';

/** argon2id with the parameters OWASP recommends (19 MiB, 2 passes). */
const options = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take the same time. */
export const dummyPasswordHash = hash('not-a-real-password', options);
