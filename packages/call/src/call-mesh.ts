import {
  guestRules,
  type CallParticipant,
  type ClientSignal,
  type IceServer,
  type ServerMessage,
  type SignalData,
} from '@clinic/contract';
import { createCallSession, type CallConnectionState, type CallSession } from './call-session.ts';

/** Signalling between the parties of a call: each signal is for one party, each one heard is from one. */
export interface MeshTransport {
  send(to: string, data: SignalData): void;
  /** Returns the function that stops listening. */
  onSignal(listener: (from: string, data: SignalData) => void): () => void;
}

/** One other party of the call, as the screen shows them. */
export interface MeshPeer {
  party: string;
  state: CallConnectionState;
  present: boolean;
  /** Their media, once a connection brought it. */
  stream: MediaStream | null;
}

export interface CallMesh {
  /** Joins: says hello to each party the call is for; a party that comes later says hello itself. */
  start(link: { iceServers: IceServer[]; transport: MeshTransport; parties: string[] }): void;
  /** Makes the pair with a party that joined, if it is not made yet. */
  add(party: string): void;
  /** A party left for good (removed): the pair with them closes. */
  drop(party: string): void;
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  close(): void;
  /** Called with every party's pair after each change; returns the function that stops it. */
  onPeers(listener: (peers: MeshPeer[]) => void): () => void;
}

/** Who offers in a pair: the clinician to everyone, the patient to guests, a guest to a guest of a later id. */
const rankOf = (party: string): number => (party === 'clinician' ? 0 : party === 'patient' ? 1 : 2);
const offersTo = (self: string, other: string): boolean =>
  rankOf(self) < rankOf(other) || (rankOf(self) === rankOf(other) && self < other);

/**
 * A call of three or four people as a mesh: one peer connection per pair of parties, each a
 * two-person call session that negotiates on its own, so a reload of one party reconnects only
 * their pairs. Each pair sends at most `maxVideoBitrate` of video, so that every stream a party
 * sends fits a home uplink together (decision 0019).
 */
export function createCallMesh({
  self,
  localTracks,
  maxVideoBitrate,
  accepts = () => true,
}: {
  /** This side's party: 'clinician', 'patient' or 'guest:<id>'. */
  self: string;
  localTracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  maxVideoBitrate: number;
  /** The parties this mesh connects to (the others have a session of their own). */
  accepts?: (party: string) => boolean;
}): CallMesh {
  const tracks = { ...localTracks };
  const pairs = new Map<string, { session: CallSession; stream: MediaStream | null; stop: () => void }>();
  const pairListeners = new Map<string, (data: SignalData) => void>();
  const peersListeners = new Set<(peers: MeshPeer[]) => void>();
  let link: { iceServers: IceServer[]; transport: MeshTransport } | undefined;
  let stopListening: (() => void) | undefined;
  let closed = false;

  const emit = (): void => {
    const peers = [...pairs].map(([party, { session, stream }]) => ({
      party,
      state: session.state,
      present: session.remotePresent,
      stream,
    }));
    for (const listener of peersListeners) listener(peers);
  };

  function add(party: string): void {
    if (!link || closed || party === self || !accepts(party) || pairs.has(party)) return;
    const { transport, iceServers } = link;
    const session = createCallSession({
      polite: !offersTo(self, party),
      localTracks: tracks,
      iceServers,
      maxVideoBitrate,
      // Both sides of a pair listen before it is made: a party's joining is news only once it joined.
      repeatsOffer: false,
    });
    const pair: { session: CallSession; stream: MediaStream | null; stop: () => void } = {
      session,
      stream: null,
      stop: () => undefined,
    };
    const stops = [
      session.on('state', emit),
      session.on('presence', emit),
      session.on('remoteStream', (stream) => {
        pair.stream = stream;
        emit();
      }),
    ];
    pair.stop = () => {
      for (const stop of stops) stop();
    };
    pairs.set(party, pair);
    session.start({
      iceServers,
      transport: {
        send: (data) => transport.send(party, data),
        onSignal: (listener) => {
          pairListeners.set(party, listener);
          return () => pairListeners.delete(party);
        },
      },
    });
    emit();
  }

  function drop(party: string): void {
    const pair = pairs.get(party);
    if (!pair) return;
    pairs.delete(party);
    pair.stop();
    pair.session.close();
    emit();
  }

  return {
    start(joining) {
      if (link || closed) return;
      link = joining;
      stopListening = joining.transport.onSignal((from, data) => {
        // A party not met yet greets with its hello (or its offer): the pair with them is made then.
        if (!pairs.has(from) && data.kind !== 'bye') add(from);
        pairListeners.get(from)?.(data);
      });
      for (const party of joining.parties) add(party);
    },
    add,
    drop,
    async replaceTrack(kind, track) {
      tracks[kind] = track;
      await Promise.all([...pairs.values()].map(({ session }) => session.replaceTrack(kind, track)));
    },
    close() {
      if (closed) return;
      closed = true;
      stopListening?.();
      for (const party of [...pairs.keys()]) drop(party);
    },
    onPeers(listener) {
      peersListeners.add(listener);
      return () => peersListeners.delete(listener);
    },
  };
}

/** Someone else in the call on a pair of their own, with the name and role the screen shows. */
export interface CallPeer extends MeshPeer {
  name: string;
  role: CallParticipant['role'];
}

export const isGuestParty = (party: string): boolean => party.startsWith('guest:');

/**
 * Runs the mesh of a joined call over an app's realtime socket: with every party for a guest, with
 * the guests for the clinician and the patient (whose pair is a session of its own). A guest who
 * joins later is met by their hello or the server's word; one removed is dropped.
 */
export function startMeshCall({
  self,
  accepts,
  joined,
  send,
  subscribe,
  localTracks,
  onPeers,
}: {
  self: string;
  accepts: (party: string) => boolean;
  joined: { meetingId: string; attendeeId: string; iceServers: IceServer[]; participants: CallParticipant[] };
  /** Sends on the app's socket. */
  send: (message: ClientSignal) => void;
  /** Hears the app's socket; returns the function that stops it. */
  subscribe: (listener: (message: ServerMessage) => void) => () => void;
  localTracks: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  onPeers: (peers: CallPeer[]) => void;
}): { mesh: CallMesh; stop: () => void } {
  const { meetingId, attendeeId } = joined;
  const known = new Map(joined.participants.map((participant) => [participant.party, participant]));
  const mesh = createCallMesh({ self, localTracks, maxVideoBitrate: guestRules.maxVideoBitrate, accepts });
  const stopPeers = mesh.onPeers((peers) =>
    onPeers(
      peers.map((peer) => ({
        ...peer,
        name: known.get(peer.party)?.name ?? '',
        role: known.get(peer.party)?.role ?? 'caregiver',
      })),
    ),
  );
  const stopNews = subscribe((message) => {
    if (message.type !== 'participant' || message.meetingId !== meetingId) return;
    known.set(message.participant.party, message.participant);
    if (message.state === 'joined') mesh.add(message.participant.party);
    else mesh.drop(message.participant.party);
  });
  mesh.start({
    iceServers: joined.iceServers,
    parties: joined.participants.map((participant) => participant.party).filter(accepts),
    transport: {
      send: (to, data) => send({ type: 'signal', meetingId, attendeeId, to, data }),
      onSignal: (listener) =>
        subscribe((message) => {
          if (message.type === 'signal' && message.meetingId === meetingId && message.toAttendeeId === attendeeId)
            listener(message.from, message.data);
        }),
    },
  });
  return {
    mesh,
    stop: () => {
      stopNews();
      stopPeers();
      mesh.close();
    },
  };
}
