import type { IceServer, SignalData } from '@clinic/contract';

/** How signalling reaches the other attendee: the authenticated realtime socket of each app. */
export interface CallTransport {
  send(data: SignalData): void;
  /** Returns the function that stops listening. */
  onSignal(listener: (data: SignalData) => void): () => void;
}

/** The connection to the other side, as SPEC 4 needs it (connecting, on, reconnecting). */
export type CallConnectionState = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface CallSessionOptions {
  iceServers: IceServer[];
  /**
   * The polite side yields when both offer at once ("perfect negotiation"): the patient is polite,
   * the clinician is not and makes the offers.
   */
  polite: boolean;
  transport: CallTransport;
  /** What this side sends; a kind without a track (camera off) is sent as nothing until replaced. */
  localTracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
}

interface CallEvents {
  /** The other side is in the call (it said hello) or has left (it said bye, or its connection died). */
  presence: boolean;
  state: CallConnectionState;
  /** The other side's media, a new stream each time a connection is made. */
  remoteStream: MediaStream;
}

export interface CallSession {
  /** Says hello; the connection is made as soon as the other side is there too. */
  start(): void;
  /** Sends another track of a kind (a device switch), or nothing (mute, camera off). */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** Says bye and closes the connection. */
  close(): void;
  on<E extends keyof CallEvents>(event: E, listener: (value: CallEvents[E]) => void): () => void;
  readonly remotePresent: boolean;
  readonly state: CallConnectionState;
}

const kinds = ['audio', 'video'] as const;

/**
 * A two-person WebRTC call over the browser's own RTCPeerConnection. Presence travels as hello
 * and bye; the SDP offer and answer and the ICE candidates travel through the transport. When the
 * other side leaves or its connection dies, the connection is made anew the next time it says hello.
 */
export function createCallSession({ iceServers, polite, transport, localTracks }: CallSessionOptions): CallSession {
  const listeners: { [E in keyof CallEvents]: Set<(value: CallEvents[E]) => void> } = {
    presence: new Set(),
    state: new Set(),
    remoteStream: new Set(),
  };
  const emit = <E extends keyof CallEvents>(event: E, value: CallEvents[E]): void => {
    for (const listener of listeners[event]) listener(value);
  };
  const tracks = { ...localTracks };
  /** Tells this joining of the call from a later one of the same side (after a reload). */
  const ownSessionId = crypto.randomUUID();
  let remoteSessionId: string | undefined;
  let remotePresent = false;
  let state: CallConnectionState = 'waiting';
  let closed = false;
  let makingOffer = false;
  let ignoreOffer = false;
  let earlyCandidates: RTCIceCandidateInit[] = [];
  let connection = connect();

  function setState(next: CallConnectionState): void {
    if (next === state) return;
    state = next;
    emit('state', next);
  }

  function setPresent(present: boolean): void {
    if (present === remotePresent) return;
    remotePresent = present;
    emit('presence', present);
  }

  /**
   * A fresh peer connection carrying this side's tracks. The side that offers adds a transceiver
   * per kind; the polite side takes up the ones the offer brings (see adoptTransceivers), since a
   * transceiver it added itself would not be matched to the offer and would carry nothing.
   */
  function connect(): { peer: RTCPeerConnection; senders: Partial<Record<'audio' | 'video', RTCRtpSender>> } {
    const peer = new RTCPeerConnection({ iceServers });
    const remoteStream = new MediaStream();
    const senders: Partial<Record<'audio' | 'video', RTCRtpSender>> = {};
    if (!polite)
      for (const kind of kinds)
        senders[kind] = peer.addTransceiver(tracks[kind] ?? kind, { direction: 'sendrecv' }).sender;
    peer.ontrack = ({ track }) => {
      remoteStream.addTrack(track);
      emit('remoteStream', remoteStream);
    };
    peer.onicecandidate = ({ candidate }) => {
      if (candidate)
        transport.send({
          kind: 'candidate',
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        });
    };
    peer.onnegotiationneeded = () => {
      if (remotePresent && !polite) void offer(peer);
    };
    peer.onconnectionstatechange = () => {
      if (peer !== connection.peer || closed) return;
      switch (peer.connectionState) {
        case 'connecting':
          setState('connecting');
          break;
        case 'connected':
          setState('connected');
          break;
        case 'disconnected':
          // Often passes by itself; ICE is restarted if it does not.
          setState('reconnecting');
          break;
        case 'failed':
          setState('reconnecting');
          if (!polite) peer.restartIce();
          break;
      }
    };
    return { peer, senders };
  }

  /** Before answering: sends this side's tracks on the transceivers the other side's offer made. */
  async function adoptTransceivers(): Promise<void> {
    for (const transceiver of connection.peer.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as 'audio' | 'video';
      if (transceiver.mid === null || connection.senders[kind] || !kinds.includes(kind)) continue;
      connection.senders[kind] = transceiver.sender;
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(tracks[kind]);
    }
  }

  async function offer(peer: RTCPeerConnection): Promise<void> {
    // One offer at a time: a negotiation already under way covers what changed.
    if (makingOffer || peer.signalingState !== 'stable') return;
    try {
      makingOffer = true;
      await peer.setLocalDescription();
      if (peer.localDescription) transport.send({ kind: 'offer', sdp: peer.localDescription.sdp });
    } finally {
      makingOffer = false;
    }
  }

  /** The other side left: start over, ready for its next hello. */
  function reset(): void {
    connection.peer.close();
    connection = connect();
    earlyCandidates = [];
    remoteSessionId = undefined;
    setPresent(false);
    setState('waiting');
  }

  async function onSignal(data: SignalData): Promise<void> {
    if (closed) return;
    const { peer } = connection;
    switch (data.kind) {
      case 'hello':
        // Each side answers a new hello with its own, so both know; a repeated one is ignored.
        if (data.sessionId === remoteSessionId) return;
        // It came back under a new joining without a bye (a reload): begin again.
        if (remoteSessionId !== undefined) reset();
        remoteSessionId = data.sessionId;
        setPresent(true);
        transport.send({ kind: 'hello', sessionId: ownSessionId });
        // An offer that overtook the hello may have connected already.
        if (state === 'waiting') setState('connecting');
        if (!polite) await offer(connection.peer);
        return;
      case 'bye':
        reset();
        return;
      case 'offer':
      case 'answer': {
        setPresent(true);
        const collision = data.kind === 'offer' && (makingOffer || peer.signalingState !== 'stable');
        ignoreOffer = !polite && collision;
        if (ignoreOffer) return;
        await peer.setRemoteDescription({ type: data.kind, sdp: data.sdp });
        for (const candidate of earlyCandidates.splice(0)) await peer.addIceCandidate(candidate).catch(() => undefined);
        if (data.kind === 'offer') {
          if (polite) await adoptTransceivers();
          await peer.setLocalDescription();
          if (peer.localDescription) transport.send({ kind: 'answer', sdp: peer.localDescription.sdp });
        }
        return;
      }
      case 'candidate': {
        const candidate = { candidate: data.candidate, sdpMid: data.sdpMid, sdpMLineIndex: data.sdpMLineIndex };
        // The relay may pass a candidate on before the description it belongs to: keep it until then.
        if (!peer.remoteDescription) {
          earlyCandidates.push(candidate);
          return;
        }
        try {
          await peer.addIceCandidate(candidate);
        } catch (error) {
          if (!ignoreOffer) throw error;
        }
      }
    }
  }

  // Signals are handled one at a time, in the order they came.
  let handling: Promise<void> = Promise.resolve();
  const stopListening = transport.onSignal((data) => {
    handling = handling.then(() => onSignal(data)).catch(() => undefined);
  });

  return {
    start() {
      transport.send({ kind: 'hello', sessionId: ownSessionId });
    },
    async replaceTrack(kind, track) {
      tracks[kind] = track;
      await connection.senders[kind]?.replaceTrack(track);
    },
    close() {
      if (closed) return;
      closed = true;
      transport.send({ kind: 'bye' });
      stopListening();
      connection.peer.close();
      setState('closed');
    },
    on(event, listener) {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
    get remotePresent() {
      return remotePresent;
    },
    get state() {
      return state;
    },
  };
}
