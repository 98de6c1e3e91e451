import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import webPush from 'web-push';
import {
  defaultLanguage,
  isLanguage,
  type AnyNotification,
  type Language,
  type MessageNotification,
  type WaitingNotification,
  type PatientPush,
} from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { secretRepository } from '../../security/secret.repository.ts';
import { forgetPushToken, pushTargetsOf } from '../user/index.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Whom a browser's messages are written for: the language and time zone it subscribed in. */
export interface PushReader {
  language: Language;
  /** Unknown for a subscription stored without it (at login): times are then written in UTC, saying so. */
  timeZone: string | undefined;
}

/** What a browser is sent: a clinician's notification as the socket carries it (or of new messages), or a patient's message. */
export type PushPayload = AnyNotification | MessageNotification | WaitingNotification | PatientPush;

/** A browser's push subscription, its endpoint parsed once: the same URL is checked and connected to. */
interface Subscription {
  endpoint: URL;
  keys: { p256dh: string; auth: string };
  reader: PushReader;
}

/**
 * What a stored token is: a browser's push subscription (PushSubscription.toJSON()), or the mobile
 * app's own token. A patient's subscription is stored with the `language` and `timeZone` of the
 * request that registered it.
 */
function parseToken(fcmToken: string): Subscription | 'subscription-unusable' | 'app-token' {
  let value: Partial<webPush.PushSubscription & { language: unknown; timeZone: unknown }>;
  try {
    value = JSON.parse(fcmToken) as typeof value;
  } catch {
    return 'app-token';
  }
  if (typeof value !== 'object' || value === null || !('endpoint' in value)) return 'app-token';
  const endpoint = typeof value.endpoint === 'string' ? URL.parse(value.endpoint) : null;
  // Push services are https (RFC 8030); anything else would let a caller aim our requests elsewhere.
  if (endpoint?.protocol !== 'https:') return 'subscription-unusable';
  if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return 'subscription-unusable';
  return {
    endpoint,
    keys: { p256dh: value.keys.p256dh, auth: value.keys.auth },
    reader: {
      language: isLanguage(value.language) ? value.language : defaultLanguage,
      timeZone: typeof value.timeZone === 'string' ? value.timeZone : undefined,
    },
  };
}

/** ::a.b.c.d, the deprecated IPv4-compatible form, which no push service uses. */
const ipv4Compatible = ipaddr.IPv6.parseCIDR('::/96');

/**
 * Whether an address is on the public internet: not loopback, private, link-local (where cloud
 * metadata services answer), shared (CGNAT), multicast or reserved; an IPv4 address written as
 * IPv6 (::ffff:127.0.0.1) counts as the IPv4 address it carries, and the IPv4-compatible form
 * (::127.0.0.1) is never public.
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.match(ipv4Compatible)) return false;
  return parsed.range() === 'unicast';
}

/** Every address a host name answers. */
type ResolveName = (hostname: string) => Promise<string[]>;

const systemResolver: ResolveName = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map(({ address }) => address);

/** The host of a URL as a socket takes it: an IPv6 address without its brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Tests only: a push service of their own, trusted with its certificate and let past the public-address rule. */
export interface TestPushService {
  /** The service's origin, e.g. `https://127.0.0.1:45678`, with an IP address as its host: that address and port count as public. */
  origin: string;
  /** The certificate (or its CA) the service presents. */
  ca: string | Buffer;
  /** Answers host names in place of the system's resolver. */
  resolve?: ResolveName;
}

/**
 * Posts a push message to the address its endpoint's host was checked to have, never to one
 * resolved again: TLS and the Host header still name the endpoint's host.
 */
function post(
  endpoint: URL,
  address: string,
  { headers, body }: webPush.RequestDetails,
  ca: string | Buffer | undefined,
): Promise<number> {
  const host = hostOf(endpoint);
  return new Promise((resolve, reject) => {
    const pushRequest = request(
      {
        method: 'POST',
        host: address,
        port: endpoint.port || 443,
        path: `${endpoint.pathname}${endpoint.search}`,
        servername: isIP(host) ? '' : host,
        headers: { ...headers, host: endpoint.host },
        timeout: 5000,
        ...(ca && { ca }),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    pushRequest.on('timeout', () => pushRequest.destroy(new Error('push service timed out')));
    pushRequest.on('error', reject);
    pushRequest.end(body ?? undefined);
  });
}

export interface WebPushSender {
  publicKey: string;
  accepts(fcmToken: string): Promise<boolean>;
  /** Sends to every browser of the user what `write` makes for that browser's reader; answers how many push services took it. */
  send(seqUser: number, write: (reader: PushReader) => PushPayload): Promise<number>;
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
  const resolveName = testService?.resolve ?? systemResolver;
  const testOrigin = testService && new URL(testService.origin);
  const isTestService = (address: string, port: string): boolean =>
    testOrigin !== undefined && address === hostOf(testOrigin) && port === testOrigin.port;

  /**
   * The one address to reach an endpoint at: its host's address as written, or the first its name
   * answers now; none when the host has any address off the public internet (an endpoint could
   * otherwise aim our requests at internal hosts) or does not resolve.
   */
  const publicAddressOf = async (endpoint: URL): Promise<string | undefined> => {
    const host = hostOf(endpoint);
    const addresses = isIP(host) ? [host] : await resolveName(host).catch(() => []);
    const reachable = (address: string): boolean => isPublicAddress(address) || isTestService(address, endpoint.port);
    return addresses.length > 0 && addresses.every(reachable) ? addresses[0] : undefined;
  };

  return {
    publicKey: keys.publicKey,

    /**
     * Whether a token may be stored for a session: the mobile app's own token, or a browser's
     * subscription to a public push service.
     */
    async accepts(fcmToken): Promise<boolean> {
      const token = parseToken(fcmToken);
      if (token === 'app-token') return true;
      return token !== 'subscription-unusable' && (await publicAddressOf(token.endpoint)) !== undefined;
    },

    /** Sends to every live session of the user that registered a subscription; never throws. */
    async send(seqUser, write): Promise<number> {
      const targets = await pushTargetsOf(db, seqUser);
      const taken = await Promise.all(
        targets.map(async ({ id, fcmToken }) => {
          const subscription = parseToken(fcmToken);
          if (typeof subscription === 'string') return false;
          const { endpoint, keys: browserKeys, reader } = subscription;
          try {
            // Checked again at every send: a name's answer can change after it was stored.
            const address = await publicAddressOf(endpoint);
            if (address === undefined) {
              log.warn({ seqUser }, 'web push refused: the endpoint is not a public push service');
              return false;
            }
            const details = webPush.generateRequestDetails(
              { endpoint: endpoint.href, keys: browserKeys },
              JSON.stringify(write(reader)),
              { TTL: 24 * 60 * 60, urgency: 'high' },
            );
            // VAPID signed for the origin of the URL that was checked.
            const vapid = webPush.getVapidHeaders(
              endpoint.origin,
              subject,
              keys.publicKey,
              keys.privateKey,
              'aes128gcm',
            );
            const status = await post(
              endpoint,
              address,
              { ...details, headers: { ...details.headers, ...vapid } },
              testService?.ca,
            );
            // The browser dropped the subscription: stop sending to it.
            if (status === 404 || status === 410) await forgetPushToken(db, id);
            // The endpoint URL is a credential of the subscription: log the outcome, not the address.
            else if (status < 200 || status > 299) log.warn({ statusCode: status, seqUser }, 'web push failed');
            return status >= 200 && status <= 299;
          } catch (error) {
            // Only the error's code: its message may name the endpoint, a credential of the subscription.
            log.warn({ code: (error as NodeJS.ErrnoException).code, seqUser }, 'web push failed');
            return false;
          }
        }),
      );
      return taken.filter(Boolean).length;
    },
  };
}
