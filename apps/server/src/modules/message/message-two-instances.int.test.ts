import { randomUUID } from 'node:crypto';
import { sendMessage, sendMyMessage } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { listenOnLoopback, openSocket, registerMember, type SocketClient } from '../../../test/realtime.ts';

// Two server instances need a database server and the Redis bus; PGlite lives inside one process.
const redisUrl = process.env.REDIS_URL;
const shared = Boolean(process.env.DATABASE_URL && redisUrl);

describe.runIf(shared)('messages between two server instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let clinicianOnB: SocketClient;
  let memberOnA: SocketClient;
  let clinicianToken: string;
  let memberToken: string;
  let relation: number;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    clinicianToken = (await verifiedClinician(a.app, a.mail)).tokens.accessToken;
    memberToken = (await verifiedPatient(a.app, a.mail)).tokens.accessToken;
    relation = await registerMember(a.app, clinicianToken, memberToken);
    clinicianOnB = await openSocket(await listenOnLoopback(b.app), clinicianToken);
    memberOnA = await openSocket(await listenOnLoopback(a.app), memberToken);
  });
  afterAll(async () => {
    clinicianOnB.close();
    memberOnA.close();
    await b.close();
    await a.close();
  });

  it('a patient’s message sent through instance A reaches the clinician’s socket on instance B', async () => {
    const sent = await callApi(
      a.app,
      sendMyMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Sent through A' },
      { token: memberToken },
    );
    const { seqMessage } = sent.success.message;
    const heard = await clinicianOnB.waitFor(
      (event) => event.type === 'message' && event.message.seqMessage === seqMessage,
    );
    expect(heard).toMatchObject({ seqMedicalRelation: relation, message: { mine: false, text: 'Sent through A' } });
  });

  it('the clinician’s answer through instance B reaches the patient’s socket on instance A', async () => {
    const sent = await callApi(
      b.app,
      sendMessage,
      { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text: 'Answered through B' },
      { token: clinicianToken },
    );
    const { seqMessage } = sent.success.message;
    const heard = await memberOnA.waitFor(
      (event) => event.type === 'message' && event.message.seqMessage === seqMessage,
    );
    expect(heard).toMatchObject({ message: { senderRole: 'clinician', text: 'Answered through B' } });
  });
});
