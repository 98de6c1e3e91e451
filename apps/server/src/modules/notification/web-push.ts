import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import webPush from 'web-push';
import type { AnyNotification } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { secretRepository } from '../../security/secret.repository.ts';
import { forgetPushToken, pushTargetsOf } from '../user/index.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a stored token is: a browser's push subscription (PushSubscription.toJSON()), or the mobile app's own token. */
function parseToken(fcmToken: string): webPush.PushSubscription | 'subscription-unusable' | 'app-token' {
  let value: Partial<webPush.PushSubscription>;
  try {
    value = JSON.parse(fcmToken) as Partial<webPush.PushSubscription>;
  } catch {
    return 'app-token';
  }
  if (typeof value !== 'object' || value === null || !('endpoint' in value)) return 'app-token';
  const endpoint = value.endpoint;
  // Push services are https (RFC 8030); anything else would let a caller aim our requests elsewhere.
  if (typeof endpoint !== 'string' || !URL.canParse(endpoint) || new URL(endpoint).protocol !== 'https:') {
    return 'subscription-unusable';
  }
  if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return 'subscription-unusable';
  return { endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
}

/**
 * Whether an address is on the public internet: not loopback, private, link-local (where cloud
 * metadata services answer), shared (CGNAT), multicast or reserved; an IPv4 address written as
 * IPv6 (::ffff:127.0.0.1) counts as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

const publicOnly = (addresses: LookupAddress[]): boolean =>
  addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));

/**
 * Name resolution for push requests: a name with any address off the public internet is refused
 * at the moment of connecting, so a name that changes its answer after a check still reaches no
 * internal host.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (!publicOnly(addresses)) {
      return callback(Object.assign(new Error('not a public address'), { code: 'ENOTPUBLIC' }), '');
    }
    const [first] = addresses as [LookupAddress];
    return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
  });
};

/** Whether a push endpoint's host is on the public internet: an address as written, a name as it resolves now. */
async function reachesOnlyPublic(endpoint: string): Promise<boolean> {
  const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => resolve(!error && publicOnly(addresses)));
  });
}

/** Tests only: a push service of their own, trusted with its certificate and let past the public-address rule. */
export interface TestPushService {
  /** The service's origin, e.g. `https://127.0.0.1:45678`, with an IP address as its host. */
  origin: string;
  /** The certificate (or its CA) the service presents. */
  ca: string | Buffer;
}

export interface WebPushSender {
  publicKey: string;
  accepts(fcmToken: string): Promise<boolean>;
  send(seqUser: number, notification: AnyNotification): Promise<void>;
}

/**
 * Web Push (RFC 8030, VAPID) to the browsers of a user's open sessions. The VAPID keys are made on
 * first start and shared by every instance through the database.
 */
export async function webPushSender({
  db,
  subject,
  log,
  testService,
}: {
  db: Database;
  /** mailto: or https: contact for the push services. */
  subject: string;
  log: FastifyBaseLogger;
  testService?: TestPushService | undefined;
}): Promise<WebPushSender> {
  const keys = JSON.parse(
    await secretRepository(db).getOrCreate('vapid', () => JSON.stringify(webPush.generateVAPIDKeys())),
  ) as VapidKeys;
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const agent = new Agent({ lookup: publicLookup, ...(testService && { ca: testService.ca }) });
  /** Only public push services are called: an endpoint could otherwise aim our requests at internal hosts. */
  const mayCall = async (endpoint: string): Promise<boolean> =>
    new URL(endpoint).origin === testService?.origin || (await reachesOnlyPublic(endpoint));

  return {
    publicKey: keys.publicKey,

    /**
     * Whether a token may be stored for a session: the mobile app's own token, or a browser's
     * subscription to a public push service.
     */
    async accepts(fcmToken): Promise<boolean> {
      const token = parseToken(fcmToken);
      if (token === 'app-token') return true;
      return token !== 'subscription-unusable' && (await mayCall(token.endpoint));
    },

    /** Sends to every live session of the user that registered a subscription; never throws. */
    async send(seqUser, notification): Promise<void> {
      const targets = await pushTargetsOf(db, seqUser);
      await Promise.all(
        targets.map(async ({ id, fcmToken }) => {
          const subscription = parseToken(fcmToken);
          if (typeof subscription === 'string') return;
          try {
            // Checked again at every send: a name's answer can change after it was stored.
            if (!(await mayCall(subscription.endpoint))) {
              log.warn({ seqUser }, 'web push refused: the endpoint is not a public push service');
              return;
            }
            await webPush.sendNotification(subscription, JSON.stringify(notification), {
              vapidDetails,
              TTL: 24 * 60 * 60,
              urgency: 'high',
              timeout: 5000,
              agent,
            });
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            // The browser dropped the subscription: stop sending to it.
            if (status === 404 || status === 410) await forgetPushToken(db, id);
            // The endpoint URL is a credential of the subscription: log the outcome, not the address.
            else log.warn({ statusCode: status, seqUser }, 'web push failed');
          }
        }),
      );
    },
  };
}
