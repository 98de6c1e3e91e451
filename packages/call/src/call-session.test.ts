import type { SignalData } from '@clinic/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallSession } from './call-session.ts';
import { FakePeer, fakeTransport } from './fake-peer.test-support.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const kinds = (sent: SignalData[]) => sent.map((data) => data.kind);

beforeEach(() => {
  FakePeer.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  vi.stubGlobal('MediaStream', class {});
});
afterEach(() => vi.unstubAllGlobals());

describe('a call session', () => {
  it('prepares its offer before start and sends it first, with the candidates gathered meanwhile, then the hello', async () => {
    const session = createCallSession({ polite: false, iceServers: [], localTracks: { audio: null, video: null } });
    session.prepareOffer();
    await settle();
    const peer = FakePeer.made[0]!;
    peer.gather('candidate:1');
    peer.gather('candidate:2');
    await settle();
    const { sent, transport } = fakeTransport();

    session.start({ iceServers: [], transport });

    expect(kinds(sent)).toEqual(['offer', 'candidates', 'hello']);
    const { sessionId } = sent[2] as Extract<SignalData, { kind: 'hello' }>;
    expect(sent[0]).toEqual({ kind: 'offer', sdp: 'offer 1', sessionId });
    expect(sent[1]).toMatchObject({ candidates: [{ candidate: 'candidate:1' }, { candidate: 'candidate:2' }] });
  });

  it('sends the candidates of one tick as one signal', async () => {
    const session = createCallSession({ polite: false, localTracks: { audio: null, video: null } });
    const { sent, transport } = fakeTransport();
    session.start({ iceServers: [{ urls: ['stun:stun.example.org'] }], transport });
    await settle();
    const peer = FakePeer.made[0]!;
    expect(peer.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.org'] }]);
    peer.gather('candidate:1');
    peer.gather('candidate:2');
    peer.gather('candidate:3');
    await settle();
    peer.gather('candidate:4');
    peer.onicecandidate?.({ candidate: null });

    expect(sent.filter((data) => data.kind === 'candidates')).toEqual([
      {
        kind: 'candidates',
        candidates: ['candidate:1', 'candidate:2', 'candidate:3'].map((candidate) => ({
          candidate,
          sdpMid: '0',
          sdpMLineIndex: 0,
        })),
      },
      { kind: 'candidates', candidates: [{ candidate: 'candidate:4', sdpMid: '0', sdpMLineIndex: 0 }] },
    ]);
  });

  it('does not offer again to a side that heard its hello, and repeats the offer to one that joined after it', async () => {
    const session = createCallSession({ polite: false, localTracks: { audio: null, video: null } });
    const { sent, transport, receive } = fakeTransport();
    session.start({ iceServers: [], transport });
    await settle();
    FakePeer.made[0]!.gather('candidate:1');
    await settle();
    const hello = sent[0] as Extract<SignalData, { kind: 'hello' }>;
    sent.length = 0;

    // The patient was there: its hello answers ours, the offer after it is on its way.
    receive({ kind: 'hello', sessionId: 'patient-1', answering: hello.sessionId });
    await settle();
    expect(sent).toEqual([]);
    expect(session.remotePresent).toBe(true);

    // It leaves and joins anew after the offer went nowhere: offer and candidates go again.
    receive({ kind: 'bye' });
    await settle();
    receive({ kind: 'hello', sessionId: 'patient-2' });
    await settle();
    expect(sent[0]).toEqual({ kind: 'hello', sessionId: hello.sessionId, answering: 'patient-2' });
    expect(kinds(sent)).toEqual(['hello', 'offer']);

    // A late joiner of the first offer: the unanswered offer is repeated with its candidates.
    const late = createCallSession({ polite: false, localTracks: { audio: null, video: null } });
    const lateLink = fakeTransport();
    late.start({ iceServers: [], transport: lateLink.transport });
    await settle();
    FakePeer.made.at(-1)!.gather('candidate:9');
    await settle();
    lateLink.sent.length = 0;
    lateLink.receive({ kind: 'hello', sessionId: 'patient-3' });
    await settle();
    expect(lateLink.sent).toEqual([
      expect.objectContaining({ kind: 'hello', answering: 'patient-3' }),
      expect.objectContaining({ kind: 'offer', sdp: 'offer 1' }),
      { kind: 'candidates', candidates: [{ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 }] },
    ]);
  });

  it('answers an offer and takes candidates that came before it once the offer is there', async () => {
    const session = createCallSession({ polite: true, localTracks: { audio: null, video: null } });
    const { sent, transport, receive } = fakeTransport();
    session.start({ iceServers: [], transport });
    receive({ kind: 'candidates', candidates: [{ candidate: 'candidate:early', sdpMid: '0', sdpMLineIndex: 0 }] });
    receive({ kind: 'offer', sdp: 'offer 1' });
    await settle();
    const peer = FakePeer.made[0]!;
    expect(sent.at(-1)).toMatchObject({ kind: 'answer', sdp: 'answer 1' });
    expect(peer.added).toEqual([{ candidate: 'candidate:early', sdpMid: '0', sdpMLineIndex: 0 }]);
    // An offer names its sender's joining: it greets, so the hello after it needs no answer...
    receive({ kind: 'offer', sdp: 'offer 2', sessionId: 'clinician-1' });
    await settle();
    expect(session.remotePresent).toBe(true);
    sent.length = 0;
    receive({ kind: 'hello', sessionId: 'clinician-1' });
    await settle();
    expect(sent).toEqual([]);
    // ...and one from a new joining of the other side (a reload) begins on a fresh connection.
    receive({ kind: 'offer', sdp: 'offer 3', sessionId: 'clinician-2' });
    await settle();
    expect(FakePeer.made).toHaveLength(2);
    expect(FakePeer.made[1]!.remoteDescription).toEqual({ type: 'offer', sdp: 'offer 3' });
    expect(sent).toEqual([{ kind: 'answer', sdp: 'answer 1', sessionId: expect.any(String) as string }]);
    // Sessions that never started say no bye.
    const unused = createCallSession({ polite: false, localTracks: { audio: null, video: null } });
    unused.close();
    session.close();
    expect(sent.at(-1)).toEqual({ kind: 'bye' });
  });
});
