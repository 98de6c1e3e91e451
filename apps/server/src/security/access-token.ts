import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Claims of a short-lived access token (a JWT signed with HS256). */
const claims = z.object({
  sub: z.number().int(),
  mgr: z.number().int(),
  pat: z.number().int().default(0),
  sid: z.uuid(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof claims>;

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessTokens {
  sign(payload: Omit<AccessClaims, 'exp'>, now: Date): string;
  /** The claims, or 'expired' or 'invalid'. */
  verify(token: string, now: Date): AccessClaims | 'expired' | 'invalid';
}

export function accessTokens(secret: string, lifetimeSeconds: number): AccessTokens {
  const sign = (data: string): Buffer => createHmac('sha256', secret).update(data).digest();
  return {
    sign(payload, now) {
      const body = Buffer.from(
        JSON.stringify({ ...payload, exp: Math.floor(now.getTime() / 1000) + lifetimeSeconds }),
      ).toString('base64url');
      return `${header}.${body}.${sign(`${header}.${body}`).toString('base64url')}`;
    },
    verify(token, now) {
      const [head, body, signature, ...rest] = token.split('.');
      if (head !== header || !body || !signature || rest.length > 0) return 'invalid';
      const expected = sign(`${head}.${body}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString());
      } catch {
        return 'invalid';
      }
      const result = claims.safeParse(parsed);
      if (!result.success) return 'invalid';
      return result.data.exp * 1000 <= now.getTime() ? 'expired' : result.data;
    },
  };
}
