import { createHmac } from 'node:crypto';
import type { IceServer } from '@clinic/contract';
import type { Config } from '../../config.ts';

/**
 * The ICE servers a caller's browser gets: none on a LAN, STUN servers, and TURN servers with
 * credentials that expire, in the scheme coturn checks with `use-auth-secret`: the user name is
 * the expiry time and the caller (a user, or a guest), the password an HMAC-SHA1 of it with the shared secret.
 */
export function iceServersFor(ice: Config['ice'], caller: number | string, now: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(now.getTime() / 1000) + ice.turnTtlSeconds}:${caller}`;
    const credential = createHmac('sha1', ice.turnSecret).update(username).digest('base64');
    servers.push({ urls: ice.turnUrls, username, credential });
  }
  return servers;
}
