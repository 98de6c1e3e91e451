import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { RateLimiter } from '../../security/rate-limiter.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { WebPushSender } from '../notification/index.ts';
import { messageDelivery } from './message-delivery.ts';
import { messageSendService, type MessageSendService } from './message-send.service.ts';
import { messageSettingsService, type MessageSettingsService } from './message-settings.service.ts';
import { messageThreadService, type MessageThreadService } from './message-thread.service.ts';

export interface MessageServices {
  threads: MessageThreadService;
  sending: MessageSendService;
  settings: MessageSettingsService;
  /** Settles when the messages' deliveries under way have ended. */
  deliveriesIdle(): Promise<void>;
}

/** Secure messages: the threads, sending and files, and the clinician's settings, on one delivery. */
export function messageServices(dependencies: {
  db: Database;
  now: Clock;
  bus: Bus;
  push: WebPushSender;
  mails: MailQueue;
  limiter: RateLimiter;
  storage: FileStorage;
  log: FastifyBaseLogger;
  publicUrl: string;
}): MessageServices {
  const { db, now, limiter, storage } = dependencies;
  const delivery = messageDelivery(dependencies);
  return {
    threads: messageThreadService({ db, now, delivery }),
    sending: messageSendService({ db, now, limiter, storage, delivery }),
    settings: messageSettingsService({ db, now }),
    deliveriesIdle: () => delivery.idle(),
  };
}
