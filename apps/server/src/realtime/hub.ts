import websocket from '@fastify/websocket';
import {
  clientMessage,
  realtimeCloseCodes,
  realtimePath,
  type ClientSignal,
  type ServerMessage,
} from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { unauthorized } from '../domain-error.ts';
import { guestChannel, userChannel, type Bus } from './bus.ts';

/** A signed-in user's session. */
interface UserSession {
  seqUser: number;
  sessionId: string;
}

/** Who a socket belongs to, once its first message proved it: a user's session, or a visit's guest. */
export type SocketIdentity = UserSession | { guestId: string };

const channelOf = (identity: SocketIdentity): string =>
  'guestId' in identity ? guestChannel(identity.guestId) : userChannel(identity.seqUser);

export interface HubDependencies {
  bus: Bus;
  /** Resolves an access token of a clinician or a patient, or a guest's token; throws when it is not valid. */
  authenticate(accessToken: string): Promise<SocketIdentity>;
  /** Whether the session is still open and not idle, or the guest may still take part. */
  isLive(identity: SocketIdentity): Promise<boolean>;
  /** Calls the listener at every end of sessions heard on any instance, with a test of which sockets it ends. */
  onSessionsEnded(listener: (ends: (session: UserSession) => boolean) => void): void;
  /** Relays a call's signal from the sender's joining of it; answers a failed code when the sender may not. */
  relaySignal(
    sender: { seqUser: number } | { guestId: string },
    signal: Omit<ClientSignal, 'type'>,
  ): Promise<string | undefined>;
}

const authTimeoutMs = 10_000;
const heartbeatMs = 30_000;
const maxMessageBytes = 64 * 1024;
/** Signals of one socket waiting to be relayed; a call sends a few dozen, a flood is cut off. */
const maxPendingSignals = 200;

/**
 * The authenticated WebSocket at /api/realtime. A client proves who it is with its first message
 * (the token never appears in a URL); it then hears what the bus carries for its user. A socket
 * is closed the moment its session's end is announced, on whichever instance it ended; the
 * heartbeat closes those whose session went idle.
 */
export async function registerRealtimeHub(
  app: FastifyInstance,
  hub: HubDependencies,
): Promise<{ openSockets: () => number }> {
  await app.register(websocket, { options: { maxPayload: maxMessageBytes } });
  const open = new Map<WebSocket, SocketIdentity & { alive: boolean }>();
  const closeEnded = (socket: WebSocket): void => socket.close(realtimeCloseCodes.unauthorized, 'session ended');
  /** Counts the ends heard, so a socket admitted while one was heard checks its session again. */
  let endsHeard = 0;
  hub.onSessionsEnded((ends) => {
    endsHeard += 1;
    for (const [socket, identity] of open) if ('sessionId' in identity && ends(identity)) closeEnded(socket);
  });

  const heartbeat = setInterval(() => {
    for (const [socket, identity] of open) {
      if (!identity.alive) {
        socket.terminate();
        continue;
      }
      identity.alive = false;
      socket.ping();
      void hub.isLive(identity).then(
        (live) => {
          if (!live) closeEnded(socket);
        },
        (error: unknown) => app.log.error({ err: error }, 'realtime session check failed'),
      );
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(heartbeat);
    for (const socket of open.keys()) socket.close(1001, 'server shutting down');
    done();
  });

  app.route({
    method: 'GET',
    url: realtimePath,
    schema: { hide: true },
    // A plain HTTP request here has no socket to authenticate.
    handler: () => {
      throw unauthorized();
    },
    wsHandler: (socket) => {
      const send = (message: ServerMessage): void => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      let stop: (() => Promise<void>) | undefined;
      /** Signals are handled one at a time, so the other side gets them in the order sent. */
      let signalling: Promise<void> = Promise.resolve();
      let pendingSignals = 0;
      /** Set once the socket floods; the signals still waiting then are dropped, not relayed. */
      let cutOff = false;
      const authTimer = setTimeout(() => socket.close(realtimeCloseCodes.unauthorized, 'no auth'), authTimeoutMs);

      socket.once('message', (raw: Buffer) => {
        clearTimeout(authTimer);
        const parsed = clientMessage.safeParse(parseJson(raw));
        if (!parsed.success || parsed.data.type !== 'auth') {
          socket.close(realtimeCloseCodes.badMessage, 'expected auth');
          return;
        }
        const heard = endsHeard;
        hub.authenticate(parsed.data.accessToken).then(
          async (identity) => {
            if (socket.readyState !== socket.OPEN) return;
            open.set(socket, { ...identity, alive: true });
            stop = await hub.bus.subscribe(channelOf(identity), (message) => {
              send(message as ServerMessage);
              // A removed guest hears it, and their socket closes.
              if ((message as ServerMessage).type === 'removed') closeEnded(socket);
            });
            if (socket.readyState !== socket.OPEN) {
              await stop();
              return;
            }
            // The session may have ended after it was checked and before the socket was listed.
            if (heard !== endsHeard && !(await hub.isLive(identity))) {
              closeEnded(socket);
              return;
            }
            send({ type: 'ready' });
            socket.on('message', (next: Buffer) => onMessage(identity, next));
          },
          () => socket.close(realtimeCloseCodes.unauthorized, 'unauthorized'),
        );
      });
      const onMessage = (identity: SocketIdentity, raw: Buffer): void => {
        const parsed = clientMessage.safeParse(parseJson(raw));
        if (!parsed.success || parsed.data.type !== 'signal') {
          socket.close(realtimeCloseCodes.badMessage, 'unexpected message');
          return;
        }
        if (pendingSignals >= maxPendingSignals) {
          cutOff = true;
          socket.close(realtimeCloseCodes.badMessage, 'too many signals');
          return;
        }
        // Nothing ahead of it: it is relayed at once, even if the rest of its read then floods.
        const first = pendingSignals === 0;
        pendingSignals += 1;
        const { type: _type, ...signal } = parsed.data;
        signalling = signalling
          .then(async () => {
            // Relaying a flood's backlog is the database work the cut-off is there to stop. A socket
            // closed otherwise still has its last signals relayed: the other side needs a page's bye.
            if (cutOff && !first) return;
            const failedCode = await hub.relaySignal(
              'guestId' in identity ? { guestId: identity.guestId } : { seqUser: identity.seqUser },
              signal,
            );
            if (failedCode) send({ type: 'refused', meetingId: signal.meetingId, failedCode });
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'signal relay failed'))
          .finally(() => (pendingSignals -= 1));
      };
      socket.on('pong', () => {
        const identity = open.get(socket);
        if (identity) identity.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        open.delete(socket);
        stop?.().catch((error: unknown) => app.log.error({ err: error }, 'realtime unsubscribe failed'));
      });
    },
  });
  return { openSockets: () => open.size };
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
