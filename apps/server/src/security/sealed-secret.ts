import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface SecondFactorKeys {
  /** Seals a secret (AES-256-GCM) so that the database alone cannot reveal it. */
  seal(secret: string): string;
  open(sealed: string): string;
  /** A keyed hash (HMAC-SHA-256): a stolen table of them cannot be tried offline without the key. */
  hash(value: string): string;
}

/** The keys of the second factor, derived from the configured or generated key (any text of 32 characters or more). */
export function secondFactorKeys(key: string): SecondFactorKeys {
  const derive = (purpose: string): Buffer => createHmac('sha256', key).update(purpose).digest();
  const sealing = derive('second-factor seal');
  const hashing = derive('second-factor hash');
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', sealing, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash(value: string): string {
      return createHmac('sha256', hashing).update(value).digest('base64url');
    },
  };
}
