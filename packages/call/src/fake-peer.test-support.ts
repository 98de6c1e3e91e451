import type { SignalData } from '@clinic/contract';
import type { CallTransport } from './call-session.ts';

/** The part of RTCPeerConnection a call session uses, driven by its tests. */
export class FakePeer {
  static made: FakePeer[] = [];
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  configuration: RTCConfiguration;
  added: RTCIceCandidateInit[] = [];
  onicecandidate: ((event: { candidate: RTCIceCandidateInit | null }) => void) | null = null;
  ontrack: unknown = null;
  onnegotiationneeded: unknown = null;
  onconnectionstatechange: unknown = null;
  private offers = 0;

  constructor(configuration: RTCConfiguration) {
    this.configuration = configuration;
    FakePeer.made.push(this);
  }
  addTransceiver(): { sender: { replaceTrack: () => Promise<void> } } {
    return { sender: { replaceTrack: () => Promise.resolve() } };
  }
  getTransceivers(): never[] {
    return [];
  }
  setConfiguration(configuration: RTCConfiguration): void {
    this.configuration = configuration;
  }
  setLocalDescription(): Promise<void> {
    this.offers += 1;
    const type = this.signalingState === 'have-remote-offer' ? 'answer' : 'offer';
    this.localDescription = { type, sdp: `${type} ${this.offers}` };
    this.signalingState = type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: { type: RTCSdpType; sdp: string }): Promise<void> {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    this.added.push(candidate);
    return Promise.resolve();
  }
  close(): void {
    this.signalingState = 'closed';
  }
  /** The browser found a candidate. */
  gather(candidate: string): void {
    this.onicecandidate?.({ candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } });
  }
}

export function fakeTransport(): {
  sent: SignalData[];
  transport: CallTransport;
  receive: (data: SignalData) => void;
} {
  const sent: SignalData[] = [];
  let listener: ((data: SignalData) => void) | undefined;
  const transport: CallTransport = {
    send: (data) => sent.push(data),
    onSignal: (next) => {
      listener = next;
      return () => (listener = undefined);
    },
  };
  return { sent, transport, receive: (data: SignalData) => listener?.(data) };
}
