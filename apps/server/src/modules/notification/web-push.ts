import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Notification } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { secretRepository } from '../../security/secret.repository.ts';
import { sessionRepository } from '../user/session.repository.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A browser's push subscription as PushSubscription.toJSON() gives it, stored as the session's fcmToken. */
function subscriptionOf(fcmToken: string): webPush.PushSubscription | undefined {
  try {
    const value = JSON.parse(fcmToken) as Partial<webPush.PushSubscription>;
    const endpoint = value.endpoint;
    // Push services are https (RFC 8030); anything else would let a caller aim our requests elsewhere.
    if (typeof endpoint !== 'string' || !endpoint.startsWith('https://')) return undefined;
    if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return undefined;
    return { endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return undefined;
  }
}

export type WebPushSender = Awaited<ReturnType<typeof webPushSender>>;

/**
 * Web Push (RFC 8030, VAPID) to the browsers of a user's open sessions. The VAPID keys are made on
 * first start and shared by every instance through the database.
 */
export async function webPushSender({
  db,
  subject,
  log,
  agent,
}: {
  db: Database;
  /** TLS settings for the push services, e.g. a private CA; the system's by default. */
  agent?: Agent | undefined;
  /** mailto: or https: contact for the push services. */
  subject: string;
  log: FastifyBaseLogger;
}) {
  const keys = JSON.parse(
    await secretRepository(db).getOrCreate('vapid', () => JSON.stringify(webPush.generateVAPIDKeys())),
  ) as VapidKeys;
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  return {
    publicKey: keys.publicKey,

    /** Sends to every live session of the user that registered a subscription; never throws. */
    async send(seqUser: number, notification: Notification): Promise<void> {
      const sessions = sessionRepository(db);
      const targets = await sessions.listPushTokens(seqUser);
      await Promise.all(
        targets.map(async ({ id, fcmToken }) => {
          const subscription = subscriptionOf(fcmToken);
          if (!subscription) return;
          try {
            await webPush.sendNotification(subscription, JSON.stringify(notification), {
              vapidDetails,
              TTL: 24 * 60 * 60,
              urgency: 'high',
              timeout: 5000,
              ...(agent && { agent }),
            });
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            // The browser dropped the subscription: stop sending to it.
            if (status === 404 || status === 410) await sessions.setFcmToken(id, null);
            // The endpoint URL is a credential of the subscription: log the outcome, not the address.
            else log.warn({ statusCode: status, seqUser }, 'web push failed');
          }
        }),
      );
    },
  };
}
