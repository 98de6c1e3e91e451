import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token of 256 bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
