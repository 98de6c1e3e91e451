import { randomUUID } from 'node:crypto';
import {
  addPatient,
  issueSyncAuthCode,
  login,
  messageRules,
  patientSignUp,
  sendMessage,
  sendMyMessage,
  signUp,
  type Endpoint,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { auditEvent, manager, medicalRelation, message, messageThread, patient } from '../apps/server/src/db/schema.ts';
import { liveAccountByEmail, markEmailVerified } from '../apps/server/src/modules/user/index.ts';
import { callApi, password, signUpBody } from '../apps/server/test/fixtures.ts';
import { listenOnLoopback, openSocket, type SocketClient } from '../apps/server/test/realtime.ts';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';
import { benchApp, databases, type BenchDatabase } from './setup.ts';
import { percentile } from './web.ts';

/**
 * A message sent over HTTP until the other side's open socket hears it, one message at a time, in
 * the real app and in a bare relay on the same database: a Fastify route that, in one transaction,
 * checks the sender's relation and inserts the message and its audit row into the same tables, then
 * writes it to the reader's WebSocket, nothing else. p50 and p95 of each round's messages.
 */
export const messageDelivery: Benchmark = { name: 'message-delivery', run: benchMessageDelivery };

type Side = 'clinician' | 'patient';

/** A clinician and their patient, both with the app's socket and the relay's open. */
interface Pair {
  seqMedicalRelation: number;
  token: Record<Side, string>;
  seqUser: Record<Side, number>;
  product: Record<Side, SocketClient>;
  bare: Record<Side, SocketClient>;
}

/** Each side of a pair sends at most this many in a round: the app limits a sender to `perMinute`. */
const perSide = messageRules.perMinute;

async function benchMessageDelivery(options: RoundOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const database of databases) results.push(...(await onDatabase(options, database)));
  return results;
}

/** A network of its own for each account: sign-ups and sync codes are limited per network. */
const addressOf = (index: number): string => `10.${Math.floor(index / 250)}.${index % 250}.1`;

/** Signs an account up, verified and logged in. */
async function account(app: FastifyInstance, index: number, side: Side): Promise<{ token: string; seqUser: number }> {
  const remoteAddress = addressOf(index);
  const userEmail = `delivery.${side}.${index}@example.com`;
  const answer =
    side === 'clinician'
      ? await callApi(app, signUp, signUpBody({ userEmail }), { remoteAddress })
      : await callApi(
          app,
          patientSignUp,
          {
            userEmail,
            userPassword: password,
            patientName: `Patient ${index}`,
            patientInfoBirth: '1960-04-02',
            patientInfoGender: 'F',
          },
          { remoteAddress },
        );
  void answer.success;
  const user = (await liveAccountByEmail(app.db, userEmail))!;
  await markEmailVerified(app.db, user.seqUser, new Date());
  const loggedIn = await callApi(
    app,
    login,
    { userEmail, userPassword: password, ...(side === 'patient' && { userType: 'patient' as const }) },
    { remoteAddress },
  );
  return { token: loggedIn.success.token.accessToken, seqUser: user.seqUser };
}

async function onDatabase(options: RoundOptions, database: BenchDatabase): Promise<BenchResult[]> {
  const count = options.smoke ? 20 : 200;
  const pairsPerRound = Math.ceil(count / (2 * perSide));
  // Fresh pairs for every round the product sends in, the warm-up too: the limit counts a minute.
  const productRounds = options.rounds + (options.smoke ? 0 : 1);
  const bench = await benchApp('delivery', database);
  const { app, bare } = bench;
  const relay = new WebSocketServer({ server: bare.server, path: '/relay' });
  const pairs: Pair[] = [];
  try {
    // The bare relay: each socket says whose it is in its address; a POST stores and forwards.
    const readers = new Map<number, WebSocket>();
    relay.on('connection', (socket, request) => {
      readers.set(Number(new URL(request.url ?? '', 'http://relay').searchParams.get('user')), socket);
    });
    bare.post<{ Body: { seqMedicalRelation: number; from: Side; seqUser: number; reader: number; text: string } }>(
      '/send',
      async (request, reply) => {
        const { seqMedicalRelation, from, seqUser, reader, text } = request.body;
        const seqMessage = await app.db.transaction(async (tx) => {
          const [sender] = await tx
            .select({ seqMedicalRelation: medicalRelation.seqMedicalRelation })
            .from(medicalRelation)
            .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
            .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
            .where(
              and(
                eq(medicalRelation.seqMedicalRelation, seqMedicalRelation),
                eq(medicalRelation.isEnabled, true),
                eq(from === 'clinician' ? manager.seqUser : patient.seqUser, seqUser),
              ),
            );
          if (!sender) return undefined;
          const at = new Date();
          const [row] = await tx
            .insert(message)
            .values({ seqMedicalRelation, senderRole: from, seqUser, body: text, sentAt: at })
            .returning({ seqMessage: message.seqMessage });
          await tx.insert(auditEvent).values({
            at,
            seqUser,
            seqMedicalRelation,
            action: 'create',
            entity: 'message',
            entityId: String(row!.seqMessage),
          });
          return row!.seqMessage;
        });
        if (seqMessage === undefined) return reply.code(404).send();
        readers
          .get(reader)
          ?.send(JSON.stringify({ type: 'message', seqMedicalRelation, message: { seqMessage, text } }));
        return { seqMessage };
      },
    );
    const appSocketUrl = await listenOnLoopback(app);
    const appUrl = appSocketUrl.replace(/^ws:\/\/([^/]+).*$/, 'http://$1');
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const relayUrl = `${bareUrl.replace(/^http/, 'ws')}/relay`;

    for (let index = 0; index < productRounds * pairsPerRound; index++) {
      const clinician = await account(app, 2 * index, 'clinician');
      const patient = await account(app, 2 * index + 1, 'patient');
      const code = (await callApi(app, issueSyncAuthCode, {}, { token: patient.token })).success.patientSyncAuthCode;
      const added = await callApi(
        app,
        addPatient,
        { patientSyncAuthCode: code, heightCm: 170, weightKg: 70, deviceType: 1 },
        { token: clinician.token, remoteAddress: addressOf(2 * index) },
      );
      const { seqMedicalRelation } = added.success;
      await app.db.insert(messageThread).values({ seqMedicalRelation }).onConflictDoNothing();
      pairs.push({
        seqMedicalRelation,
        token: { clinician: clinician.token, patient: patient.token },
        seqUser: { clinician: clinician.seqUser, patient: patient.seqUser },
        product: {
          clinician: await openSocket(appSocketUrl, clinician.token),
          patient: await openSocket(appSocketUrl, patient.token),
        },
        bare: {
          clinician: await openSocket(`${relayUrl}?user=${clinician.seqUser}`),
          patient: await openSocket(`${relayUrl}?user=${patient.seqUser}`),
        },
      });
    }

    const post = async (url: string, body: unknown, token?: string): Promise<unknown> => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status} ${await response.text()}`);
      return response.json();
    };
    const endpointOf: Record<Side, Endpoint> = { clinician: sendMessage, patient: sendMyMessage };
    const sendInApp = async (pair: Pair, from: Side, text: string): Promise<void> => {
      const body = { seqMedicalRelation: pair.seqMedicalRelation, idempotencyKey: randomUUID(), text };
      const reply = endpointOf[from].reply.parse(
        await post(`${appUrl}/api${endpointOf[from].path}`, body, pair.token[from]),
      ) as { isSuccess: boolean };
      if (!reply.isSuccess) throw new Error(`${endpointOf[from].path} refused: ${JSON.stringify(reply)}`);
    };
    const sendBare = async (pair: Pair, from: Side, text: string): Promise<void> => {
      await post(`${bareUrl}/send`, {
        seqMedicalRelation: pair.seqMedicalRelation,
        from,
        seqUser: pair.seqUser[from],
        reader: pair.seqUser[from === 'clinician' ? 'patient' : 'clinician'],
        text,
      });
    };

    /**
     * Milliseconds from each send to the other side's socket hearing it: the sides of a pair take
     * turns, and the next message leaves once the last was heard and answered.
     */
    const deliver = async (
      roundPairs: Pair[],
      send: (pair: Pair, from: Side, text: string) => Promise<void>,
      socketOf: (pair: Pair, side: Side) => SocketClient,
    ): Promise<number[]> => {
      const times: number[] = [];
      for (let index = 0; index < count; index++) {
        const pair = roundPairs[Math.floor(index / (2 * perSide))]!;
        const from: Side = index % 2 ? 'patient' : 'clinician';
        const reader = socketOf(pair, from === 'clinician' ? 'patient' : 'clinician');
        const text = `Delivery ${randomUUID()}`;
        const started = performance.now();
        const heard = reader
          .waitFor((heardMessage) => heardMessage.type === 'message' && heardMessage.message.text === text, 10_000)
          .then(() => performance.now());
        // A failed send is the error reported, not the wait that follows it.
        heard.catch(() => undefined);
        await send(pair, from, text);
        times.push((await heard) - started);
      }
      return times;
    };

    let used = 0;
    const rounds = await alternate(
      options,
      () => {
        const roundPairs = pairs.slice(used, used + pairsPerRound);
        used += pairsPerRound;
        return deliver(roundPairs, sendInApp, (pair, side) => pair.product[side]);
      },
      () => deliver(pairs.slice(0, pairsPerRound), sendBare, (pair, side) => pair.bare[side]),
    );
    const what = `message over HTTP to the other side's open socket, ${count} one after another, ${database.label}, against a bare relay making the same checked writes`;
    const shares = [
      ['p50', 0.5],
      ['p95', 0.95],
    ] as const;
    return shares.map(([label, share]) => ({
      name: `${what}: ${label}`,
      unit: 'ms',
      product: rounds.product.map((times) => percentile(times, share)),
      baseline: rounds.baseline.map((times) => percentile(times, share)),
      better: 'lower',
      budget: { ratio: 1.5 },
    }));
  } finally {
    for (const pair of pairs)
      for (const socket of [...Object.values(pair.product), ...Object.values(pair.bare)]) socket.close();
    relay.close();
    await bench.close();
  }
}
