import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/free-port.ts';
import { outsideProgram } from '../apps/server/test/outside-program.ts';
import { startStack, type Stack } from './harness.ts';
import { connectedVisit, framesRiseOn, inviteAndAdmitGuest } from './visit-steps.ts';

/**
 * Every peer connection of the page relays all its media through TURN (iceTransportPolicy
 * 'relay', whatever the app asks), and is kept where the test can read its statistics.
 */
const relayOnly = `
  const Native = RTCPeerConnection;
  globalThis.peerConnections = [];
  globalThis.RTCPeerConnection = class extends Native {
    constructor(configuration = {}) {
      super({ ...configuration, iceTransportPolicy: 'relay' });
      globalThis.peerConnections.push(this);
    }
    setConfiguration(configuration = {}) {
      super.setConfiguration({ ...configuration, iceTransportPolicy: 'relay' });
    }
  };
`;

/** For each open connection of the page: its selected pair's candidate types, and the ICE servers it was given. */
function selectedPairs(page: Page) {
  return page.evaluate(async () => {
    const peers = (globalThis as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const open = peers.filter((peer) => peer.connectionState !== 'closed');
    return Promise.all(
      open.map(async (peer) => {
        const stats = await peer.getStats();
        let pair: { localCandidateId: string; remoteCandidateId: string; state: string } | undefined;
        stats.forEach((report: { type: string; selectedCandidatePairId?: string }) => {
          if (report.type === 'transport' && report.selectedCandidatePairId)
            pair = stats.get(report.selectedCandidatePairId) as typeof pair;
        });
        if (!pair) return undefined;
        const candidate = (id: string) => stats.get(id) as { candidateType: string; relayProtocol?: string };
        return {
          state: pair.state,
          local: candidate(pair.localCandidateId).candidateType,
          remote: candidate(pair.remoteCandidateId).candidateType,
          iceServers: peer.getConfiguration().iceServers?.map((server) => ({
            urls: server.urls,
            username: server.username,
          })),
        };
      }),
    );
  });
}

const coturnInstalled = outsideProgram('turnserver', 'coturn');

describe.skipIf(!coturnInstalled)('a video visit relayed by coturn (deploy/turnserver.conf)', () => {
  let stack: Stack;
  let coturn: ChildProcess;
  let coturnLog = '';
  let turnUrl = '';
  let pidDirectory = '';
  const secret = randomBytes(24).toString('hex');
  beforeAll(async () => {
    const port = await freePort();
    turnUrl = `turn:127.0.0.1:${port}?transport=udp`;
    pidDirectory = await mkdtemp(join(tmpdir(), 'clinic-coturn-'));
    const relayPorts = randomInt(20_000, 60_000);
    // The deployed configuration, on loopback: here both callers and the relay are on this machine,
    // so loopback peers, which it denies, are allowed for the test's own address only.
    coturn = spawn(
      'turnserver',
      [
        '-c',
        join(import.meta.dirname, '../deploy/turnserver.conf'),
        `--static-auth-secret=${secret}`,
        `--listening-port=${port}`,
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        `--min-port=${relayPorts}`,
        `--max-port=${relayPorts + 200}`,
        '--allow-loopback-peers',
        '--allowed-peer-ip=127.0.0.1',
        '--no-tls',
        '--no-dtls',
        '--log-file=stdout',
        '--simple-log',
        `--pidfile=${join(pidDirectory, 'turnserver.pid')}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    coturn.stdout?.on('data', (chunk: Buffer) => (coturnLog += chunk.toString()));
    coturn.stderr?.on('data', (chunk: Buffer) => (coturnLog += chunk.toString()));
    stack = await startStack({ TURN_URLS: turnUrl, TURN_SECRET: secret }, { media: true });
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
    coturn?.kill('SIGTERM');
    await rm(pidDirectory, { recursive: true, force: true });
  });

  const newContext: Stack['newContext'] = async (options) => {
    const context = await stack.newContext(options);
    await context.addInitScript({ content: relayOnly });
    return context;
  };

  it('connects both sides through the relay with the credentials the server hands out', async () => {
    const visit = await connectedVisit({ url: stack.url, mail: stack.mail, newContext }, stack.url);
    for (const page of [visit.clinician, visit.patient]) {
      const [pair] = await selectedPairs(page);
      expect(pair, coturnLog).toMatchObject({ state: 'succeeded', local: 'relay', remote: 'relay' });
      // Time-limited credentials of the use-auth-secret scheme: "<expiry>:<seqUser>".
      expect(pair?.iceServers).toEqual([
        { urls: [turnUrl], username: expect.stringMatching(/^\d{10}:\d+$/) as string },
      ]);
    }
  }, 300_000);

  it('runs a call of three, with a guest, relay-only: every pair through the relay', async () => {
    const visit = await connectedVisit({ url: stack.url, mail: stack.mail, newContext }, stack.url);
    const { guest } = await inviteAndAdmitGuest({ newContext }, visit.clinician, 'Ji-woo Chan');
    await framesRiseOn(guest, '[data-testid=peer-video]', 2);
    await framesRiseOn(visit.clinician, '[data-testid=remote-video], [data-testid=guest-video]', 2);
    await framesRiseOn(visit.patient, '[data-testid=remote-video], [data-testid=peer-video]', 2);
    for (const page of [visit.clinician, visit.patient, guest])
      await expect
        .poll(async () => (await selectedPairs(page)).map((pair) => [pair?.state, pair?.local, pair?.remote]), {
          timeout: 15_000,
          message: coturnLog,
        })
        .toEqual([
          ['succeeded', 'relay', 'relay'],
          ['succeeded', 'relay', 'relay'],
        ]);
    // The guest's credentials name the guest, not a user.
    expect((await selectedPairs(guest))[0]?.iceServers).toEqual([
      { urls: [turnUrl], username: expect.stringMatching(/^\d{10}:guest-[0-9a-f-]{36}$/) as string },
    ]);
  }, 300_000);
});
