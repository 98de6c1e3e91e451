import { meetingRules, type IceServer, type SignalData } from '@clinic/contract';

/** How signalling reaches the other attendee: the authenticated realtime socket of each app. */
export interface CallTransport {
  send(data: SignalData): void;
  /** Returns the function that stops listening. */
  onSignal(listener: (data: SignalData) => void): () => void;
}

/** The connection to the other side, as SPEC 4 needs it (connecting, on, reconnecting). */
export type CallConnectionState = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface CallSessionOptions {
  /**
   * The polite side yields when both offer at once ("perfect negotiation"): the patient is polite,
   * the clinician is not and makes the offers.
   */
  polite: boolean;
  /** The ICE servers, when known before the session starts (start may change them). */
  iceServers?: IceServer[];
  /** What this side sends; a kind without a track (camera off) is sent as nothing until replaced. */
  localTracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  /** The most video this side sends on the connection, in bits per second (a call of three or more). */
  maxVideoBitrate?: number | undefined;
  /**
   * Whether the offering side sends its unanswered offer again when the other side's hello shows
   * it may not have heard it (it joined after the offer went). A pair made only once both sides
   * listen (a mesh pair) needs no repeat: a second offer would make the answering side negotiate twice.
   */
  repeatsOffer?: boolean;
}

/** One joining of a meeting: its ICE servers and the signalling to the other side. */
export interface CallLink {
  iceServers: IceServer[];
  transport: CallTransport;
}

interface CallEvents {
  /** The other side is in the call (it said hello) or has left (it said bye, or its connection died). */
  presence: boolean;
  state: CallConnectionState;
  /** The other side's media, a new stream each time a connection is made. */
  remoteStream: MediaStream;
}

export interface CallSession {
  /**
   * Joins through the link and says hello; the side that offers sends its offer at once, so a
   * side already waiting connects without another round trip. The connection is made as soon as
   * the other side is there too.
   */
  start(link: CallLink): void;
  /**
   * Makes the offer before start (the offering side), gathering the candidates to send with it,
   * with the ICE servers given at creation: call it only when start will bring the same.
   */
  prepareOffer(): void;
  /** Sends another track of a kind (a device switch), or nothing (mute, camera off). */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** Says bye and closes the connection. */
  close(): void;
  on<E extends keyof CallEvents>(event: E, listener: (value: CallEvents[E]) => void): () => void;
  readonly remotePresent: boolean;
  readonly state: CallConnectionState;
}

const kinds = ['audio', 'video'] as const;

/** Caps what a sender sends, once its encodings are known (the answering side's, from the offer). */
async function capBitrate(sender: RTCRtpSender, maxBitrate: number): Promise<void> {
  const parameters = sender.getParameters();
  const [encoding] = parameters.encodings;
  if (!encoding) return;
  encoding.maxBitrate = maxBitrate;
  await sender.setParameters(parameters);
}

type Candidate = Extract<SignalData, { kind: 'candidates' }>['candidates'][number];

/**
 * A two-person WebRTC call over the browser's own RTCPeerConnection. Presence travels as hello
 * and bye; the SDP offer and answer and the ICE candidates travel through the transport. When the
 * other side leaves or its connection dies, the connection is made anew the next time it says hello.
 *
 * The peer connection and its tracks are made when the session is created, before it starts, so
 * a screen can prepare it while the devices are set up.
 */
export function createCallSession({
  polite,
  localTracks,
  iceServers: knownIceServers,
  maxVideoBitrate,
  repeatsOffer = true,
}: CallSessionOptions): CallSession {
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
  let link: CallLink | undefined;
  let iceServers: IceServer[] = knownIceServers ?? [];
  /** Candidates gathered and not sent yet: those of one tick go together. */
  let outgoing: Candidate[] = [];
  /** Candidates of the current connection already sent, to repeat with an offer nobody heard. */
  let sentCandidates: Candidate[] = [];
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
        senders[kind] = peer.addTransceiver(tracks[kind] ?? kind, {
          direction: 'sendrecv',
          ...(kind === 'video' && maxVideoBitrate && { sendEncodings: [{ maxBitrate: maxVideoBitrate }] }),
        }).sender;
    peer.ontrack = ({ track }) => {
      remoteStream.addTrack(track);
      emit('remoteStream', remoteStream);
    };
    peer.onicecandidate = ({ candidate }) => {
      if (peer !== connection.peer) return;
      // The end of gathering (no candidate) sends what is left at once.
      if (!candidate) return sendCandidates();
      outgoing.push({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
      if (outgoing.length === 1) setTimeout(sendCandidates, 0);
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
        case 'new':
        case 'closed':
          // Before the first connection, and after our own close: nothing to report.
          break;
      }
    };
    return { peer, senders };
  }

  function send(data: SignalData): void {
    link?.transport.send(data);
  }

  /** Sends the candidates gathered so far; before start they wait for it. */
  function sendCandidates(): void {
    if (closed || !link || outgoing.length === 0) return;
    for (let from = 0; from < outgoing.length; from += meetingRules.candidatesMax) {
      const candidates = outgoing.slice(from, from + meetingRules.candidatesMax);
      send({ kind: 'candidates', candidates });
    }
    sentCandidates.push(...outgoing);
    outgoing = [];
  }

  /** Before answering: sends this side's tracks on the transceivers the other side's offer made. */
  async function adoptTransceivers(): Promise<void> {
    for (const transceiver of connection.peer.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as 'audio' | 'video';
      if (transceiver.mid === null || connection.senders[kind] || !kinds.includes(kind)) continue;
      connection.senders[kind] = transceiver.sender;
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(tracks[kind]);
      if (kind === 'video' && maxVideoBitrate) await capBitrate(transceiver.sender, maxVideoBitrate);
    }
  }

  /**
   * Offers, unless an offer is under way; `repeat` sends again an offer still unanswered, with its
   * candidates, for a side that joined after it was sent (the relay passes nothing on until then).
   */
  async function offer(peer: RTCPeerConnection, repeat = false): Promise<void> {
    // One offer at a time: a negotiation already under way covers what changed.
    if (makingOffer) return;
    if (repeat && peer.signalingState === 'have-local-offer' && peer.localDescription) {
      send({ kind: 'offer', sdp: peer.localDescription.sdp, sessionId: ownSessionId });
      if (sentCandidates.length > 0)
        send({ kind: 'candidates', candidates: sentCandidates.slice(-meetingRules.candidatesMax) });
      return;
    }
    if (peer.signalingState !== 'stable') return;
    try {
      makingOffer = true;
      await peer.setLocalDescription();
      // An offer prepared before start is sent by start.
      if (link && peer.localDescription && peer === connection.peer) {
        send({ kind: 'offer', sdp: peer.localDescription.sdp, sessionId: ownSessionId });
        sendCandidates();
      }
    } finally {
      makingOffer = false;
    }
  }

  /** The other side left: start over, ready for its next hello. */
  function reset(): void {
    connection.peer.close();
    outgoing = [];
    sentCandidates = [];
    connection = connect();
    earlyCandidates = [];
    remoteSessionId = undefined;
    setPresent(false);
    setState('waiting');
  }

  /**
   * The other side's joining, from a hello or an offer: answers whether it is news. A new joining
   * without a bye (a reload) begins again.
   */
  function greet(sessionId: string): boolean {
    if (sessionId === remoteSessionId) return false;
    if (remoteSessionId !== undefined) reset();
    remoteSessionId = sessionId;
    setPresent(true);
    if (state === 'waiting') setState('connecting');
    return true;
  }

  async function onSignal(data: SignalData): Promise<void> {
    if (closed) return;
    switch (data.kind) {
      case 'hello': {
        // Each side answers a new hello with its own, so both know; a repeated one is ignored.
        if (!greet(data.sessionId)) return;
        // A hello that answers ours says the other side heard it, and so the offer sent after it.
        const heardUs = data.answering === ownSessionId;
        if (!heardUs) send({ kind: 'hello', sessionId: ownSessionId, answering: data.sessionId });
        if (!polite) await offer(connection.peer, repeatsOffer && !heardUs);
        return;
      }
      case 'bye':
        reset();
        return;
      case 'offer':
      case 'answer': {
        // The offer comes before its hello (the answer says who answers): it greets as a hello would.
        if (data.kind === 'offer' && data.sessionId !== undefined) greet(data.sessionId);
        if (data.kind === 'answer' && remoteSessionId === undefined) remoteSessionId = data.sessionId;
        const { peer } = connection;
        setPresent(true);
        const collision = data.kind === 'offer' && (makingOffer || peer.signalingState !== 'stable');
        ignoreOffer = !polite && collision;
        if (ignoreOffer) return;
        await peer.setRemoteDescription({ type: data.kind, sdp: data.sdp });
        if (data.kind === 'offer') {
          if (polite) await adoptTransceivers();
          await peer.setLocalDescription();
          if (peer.localDescription) send({ kind: 'answer', sdp: peer.localDescription.sdp, sessionId: ownSessionId });
        }
        // After the answer is on its way: the candidates that came before the description.
        for (const candidate of earlyCandidates.splice(0)) await peer.addIceCandidate(candidate).catch(() => undefined);
        return;
      }
      case 'candidates': {
        const { peer } = connection;
        // The relay may pass candidates on before the description they belong to: keep them until then.
        if (!peer.remoteDescription) {
          earlyCandidates.push(...data.candidates);
          return;
        }
        for (const candidate of data.candidates) {
          try {
            await peer.addIceCandidate(candidate);
          } catch (error) {
            if (!ignoreOffer) throw error;
          }
        }
      }
    }
  }

  // Signals are handled one at a time, in the order they came.
  let handling: Promise<void> = Promise.resolve();
  let stopListening: (() => void) | undefined;

  return {
    start(joining) {
      if (link || closed) return;
      link = joining;
      const { peer } = connection;
      if (JSON.stringify(joining.iceServers) !== JSON.stringify(iceServers)) {
        iceServers = joining.iceServers;
        peer.setConfiguration({ iceServers });
      }
      stopListening = joining.transport.onSignal((data) => {
        handling = handling.then(() => onSignal(data)).catch(() => undefined);
      });
      // A prepared offer goes first: it greets as a hello would, and the hello after it is only
      // for a side that joins later.
      if (!polite && !makingOffer && peer.signalingState === 'have-local-offer' && peer.localDescription) {
        send({ kind: 'offer', sdp: peer.localDescription.sdp, sessionId: ownSessionId });
        sendCandidates();
        send({ kind: 'hello', sessionId: ownSessionId });
        return;
      }
      send({ kind: 'hello', sessionId: ownSessionId });
      if (!polite && !makingOffer) void offer(peer).catch(() => undefined);
    },
    prepareOffer() {
      if (!polite && !link && !closed) void offer(connection.peer).catch(() => undefined);
    },
    async replaceTrack(kind, track) {
      tracks[kind] = track;
      await connection.senders[kind]?.replaceTrack(track);
    },
    close() {
      if (closed) return;
      closed = true;
      send({ kind: 'bye' });
      stopListening?.();
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
