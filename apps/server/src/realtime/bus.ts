import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

type Handler = (message: unknown) => void;

/**
 * Messages to whoever listens on a channel, on this instance or, with Redis, on any instance.
 * Channels are per user (`user:<seqUser>`) or guest (`guest:<id>`), so a socket hears only what is meant for it.
 */
export interface Bus {
  /** Answers how many listen on the channel and heard it (with Redis: how many instances). */
  publish(channel: string, message: unknown): Promise<number>;
  /** Returns the function that stops listening. */
  subscribe(channel: string, handler: Handler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const userChannel = (seqUser: number): string => `user:${seqUser}`;
/** A visit's guest, who has no user: their admission, their removal and their call's signals. */
export const guestChannel = (guestId: string): string => `guest:${guestId}`;

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, message) {
      const listeners = emitter.listenerCount(channel);
      emitter.emit(channel, message);
      return Promise.resolve(listeners);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return Promise.resolve(() => {
        emitter.off(channel, handler);
        return Promise.resolve();
      });
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection per instance, fanned out to local handlers. Channels
 * are prefixed with the deployment's id, kept in its database, so deployments sharing a Redis
 * never hear each other.
 */
export function redisBus(publisher: Redis, prefix: string, onError: (error: unknown) => void): Bus {
  const subscriber = publisher.duplicate();
  const local = memoryBus();
  const listeners = new Map<string, number>();
  let closed = false;
  subscriber.on('error', onError);
  subscriber.on('message', (channel: string, raw: string) => {
    try {
      void local.publish(channel.slice(prefix.length + 1), JSON.parse(raw) as unknown);
    } catch (error) {
      onError(error);
    }
  });
  return {
    async publish(channel, message) {
      // Each instance subscribes to a user's channel while it holds a socket of theirs.
      return publisher.publish(`${prefix}:${channel}`, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const stop = await local.subscribe(channel, handler);
      const count = (listeners.get(channel) ?? 0) + 1;
      listeners.set(channel, count);
      if (count === 1) await subscriber.subscribe(`${prefix}:${channel}`);
      return async () => {
        await stop();
        const left = (listeners.get(channel) ?? 1) - 1;
        if (left > 0) {
          listeners.set(channel, left);
          return;
        }
        listeners.delete(channel);
        if (!closed) await subscriber.unsubscribe(`${prefix}:${channel}`);
      };
    },
    async close() {
      closed = true;
      await local.close();
      subscriber.disconnect();
    },
  };
}
