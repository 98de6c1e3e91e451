import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import {
  addPatient,
  admitPatient,
  issueSyncAuthCode,
  realtimePath,
  updateReservableTimeline,
  type Notification,
  type ServerMessage,
  waitForCall,
} from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { userChannel, type Bus } from '../src/realtime/bus.ts';
import { callApi } from './fixtures.ts';

/** A client of the realtime socket that keeps what it heard and how it was closed. */
export interface SocketClient {
  messages: ServerMessage[];
  closed: Promise<number>;
  /** The close code, once the server closed the socket within the time given; rejects otherwise. */
  closedWithin(timeoutMs?: number): Promise<number>;
  notifications(): Notification[];
  /** Resolves once a message matching the predicate has arrived. */
  waitFor(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(raw: string): void;
  /** Sends the messages in one write, so that the server reads them together. */
  sendBurst(raws: string[]): void;
  close(): void;
}

export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}${realtimePath}`;
}

/** Opens the socket; with a token, authenticates with the first message as the web app does. */
export async function openSocket(url: string, accessToken?: string): Promise<SocketClient> {
  const socket = new WebSocket(url);
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw: Buffer) => {
    messages.push(JSON.parse(raw.toString()) as ServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: SocketClient = {
    messages,
    closed,
    notifications: () => messages.flatMap((message) => (message.type === 'notification' ? [message.notification] : [])),
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message; heard ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    closedWithin(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([closed, late]).finally(() => clearTimeout(timer));
    },
    send: (raw) => socket.send(raw),
    sendBurst(raws) {
      // ws writes each frame to its TCP socket; corked, they leave as one segment train.
      const tcp = (socket as unknown as { _socket: Socket })._socket;
      tcp.cork();
      for (const raw of raws) socket.send(raw);
      tcp.uncork();
    },
    close: () => socket.close(),
  };
  if (accessToken) {
    client.send(JSON.stringify({ type: 'auth', accessToken }));
    await client.waitFor((message) => message.type === 'ready');
  }
  return client;
}

/**
 * Resolves once the user's socket has heard everything published on their channel before the call:
 * a marker published now reaches it after all of that (Redis delivers to a subscriber in order).
 */
export async function heardAllPublished(bus: Bus, seqUser: number, socket: SocketClient): Promise<void> {
  const marker = { type: 'meeting', meetingId: randomUUID(), seqSchedule: 0, state: 'closed' } satisfies ServerMessage;
  await bus.publish(userChannel(seqUser), marker);
  await socket.waitFor((message) => message.type === 'meeting' && message.meetingId === marker.meetingId);
}

/** A clinician's weekly hours on every day, from 07:00 to 21:00, in Prague. */
export async function openAllWeek(app: FastifyInstance, accessToken: string): Promise<void> {
  const timeline = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '07:00', endTime: '21:00' }));
  void (await callApi(app, updateReservableTimeline, { timeline }, { token: accessToken, timeZone: 'Europe/Prague' }))
    .success;
}

/** Registers an app member with a clinician through a sync code; returns the relation. */
export async function registerMember(
  app: FastifyInstance,
  clinicianToken: string,
  memberToken: string,
  deviceType: 1 | 2 = 1,
): Promise<number> {
  const code = (await callApi(app, issueSyncAuthCode, {}, { token: memberToken })).success.patientSyncAuthCode;
  const added = await callApi(
    app,
    addPatient,
    { patientSyncAuthCode: code, heightCm: 170, weightKg: 70, deviceType },
    { token: clinicianToken },
  );
  return added.success.seqMedicalRelation;
}

/** The patient comes to the visit's waiting room and the clinician lets them into the open call. */
export async function admitToCall(
  { seqSchedule, meetingId }: { seqSchedule: number; meetingId: string },
  patient: { app: FastifyInstance; token: string },
  clinician: { app: FastifyInstance; token: string },
): Promise<void> {
  void (await callApi(patient.app, waitForCall, { seqSchedule, knock: false }, { token: patient.token })).success;
  void (await callApi(clinician.app, admitPatient, { seqSchedule, meetingId }, { token: clinician.token })).success;
}
