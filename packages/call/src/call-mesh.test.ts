import type { SignalData } from '@clinic/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallMesh, type MeshPeer, type MeshTransport } from './call-mesh.ts';
import { FakePeer } from './fake-peer.test-support.ts';

const guest = 'guest:00000000-0000-4000-8000-000000000001';
const laterGuest = 'guest:00000000-0000-4000-8000-000000000002';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function meshTransport() {
  const sent: { to: string; data: SignalData }[] = [];
  let listener: ((from: string, data: SignalData) => void) | undefined;
  const transport: MeshTransport = {
    send: (to, data) => sent.push({ to, data }),
    onSignal: (next) => {
      listener = next;
      return () => (listener = undefined);
    },
  };
  return { sent, transport, receive: (from: string, data: SignalData) => listener?.(from, data) };
}

const kindsTo = (sent: { to: string; data: SignalData }[], to: string) =>
  sent.filter((signal) => signal.to === to).map((signal) => signal.data.kind);

beforeEach(() => {
  FakePeer.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  vi.stubGlobal('MediaStream', class {});
});
afterEach(() => vi.unstubAllGlobals());

describe('a call of three or four', () => {
  it('greets each party it is for, each on a connection of its own, and lets the earlier party offer', async () => {
    const mesh = createCallMesh({ self: guest, localTracks: { audio: null, video: null }, maxVideoBitrate: 500_000 });
    const { sent, transport } = meshTransport();
    let peers: MeshPeer[] = [];
    mesh.onPeers((next) => (peers = next));
    mesh.start({ iceServers: [], transport, parties: ['clinician', 'patient', laterGuest] });
    await settle();

    expect(FakePeer.made).toHaveLength(3);
    // The clinician and the patient offer to a guest; between guests, the earlier id offers.
    expect(kindsTo(sent, 'clinician')).toEqual(['hello']);
    expect(kindsTo(sent, 'patient')).toEqual(['hello']);
    expect(kindsTo(sent, laterGuest)).toEqual(['hello', 'offer']);
    expect(peers.map((peer) => [peer.party, peer.state])).toEqual([
      ['clinician', 'waiting'],
      ['patient', 'waiting'],
      [laterGuest, 'waiting'],
    ]);
  });

  it('hands each party’s signals to its own pair, meets a party that greets first, and drops a removed one', async () => {
    const mesh = createCallMesh({
      self: 'clinician',
      localTracks: { audio: null, video: null },
      maxVideoBitrate: 500_000,
      // The clinician's pair with the patient is a session of its own.
      accepts: (party) => party.startsWith('guest:'),
    });
    const { sent, transport, receive } = meshTransport();
    let peers: MeshPeer[] = [];
    mesh.onPeers((next) => (peers = next));
    mesh.start({ iceServers: [], transport, parties: ['patient'] });
    expect(FakePeer.made).toHaveLength(0);

    receive(guest, { kind: 'hello', sessionId: 'guest-1' });
    await settle();
    expect(FakePeer.made).toHaveLength(1);
    // Its own hello and offer, then the answer to the guest's hello; the offer once only, since the
    // guest listened before it greeted (a second would make it negotiate twice).
    expect(kindsTo(sent, guest)).toEqual(['hello', 'offer', 'hello']);
    expect(sent.find((signal) => signal.data.kind === 'hello' && signal.data.answering === 'guest-1')).toBeDefined();
    expect(peers).toMatchObject([{ party: guest, present: true, state: 'connecting' }]);
    receive(guest, { kind: 'answer', sdp: 'answer 1', sessionId: 'guest-1' });
    await settle();
    expect(FakePeer.made[0]!.remoteDescription).toEqual({ type: 'answer', sdp: 'answer 1' });
    // The patient's signals are not the mesh's, nor a stray bye of a party never met.
    receive('patient', { kind: 'hello', sessionId: 'patient-1' });
    receive(laterGuest, { kind: 'bye' });
    expect(FakePeer.made).toHaveLength(1);

    mesh.drop(guest);
    expect(sent.at(-1)).toEqual({ to: guest, data: { kind: 'bye' } });
    expect(FakePeer.made[0]!.signalingState).toBe('closed');
    expect(peers).toEqual([]);
  });
});
