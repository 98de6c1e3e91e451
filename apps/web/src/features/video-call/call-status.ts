/** SPEC 4 "Meeting status": the states of the clinician's video visit. */
export const callStatuses = ['waiting', 'connecting', 'on', 'off', 'reconnecting', 'left', 'stopping'] as const;
export type CallStatus = (typeof callStatuses)[number];

export interface CallState {
  status: CallStatus;
  /** Seconds since both attendees were first present; 0 before. */
  elapsed: number;
  /** When both attendees were first present (ms since the epoch): the visit's recorded start. */
  startedAt: number | null;
  /** The patient is in the call. */
  remotePresent: boolean;
  /** The patient's video is playing. */
  remoteVideo: boolean;
  /** The patient's connection is being made anew. */
  reconnecting: boolean;
}

export type CallAction =
  /** Start pressed: a meeting is requested and the session built; a reloaded screen carries on its call's start. */
  | { type: 'start'; resumedStartedAt?: number | null }
  /** A start step failed or was cancelled; the meeting was closed. */
  | { type: 'startFailed' }
  | { type: 'presence'; present: boolean; at: number }
  | { type: 'remoteVideo'; available: boolean }
  | { type: 'reconnecting' }
  | { type: 'reconnected' }
  /** The 1 s tick of the call timer. */
  | { type: 'tick'; at: number }
  /** End pressed (and confirmed), or the call is being forced to an end. */
  | { type: 'end' }
  /** Completing the visit failed: the call goes on. */
  | { type: 'completeFailed' }
  /** The session stopped (6 normal, 19 forced) and the visit was completed or the meeting closed. */
  | { type: 'stopped' }
  /** Back to the start: the session was closed and forgotten (logout, new visit). */
  | { type: 'reset' };

export const initialCallState: CallState = {
  status: 'waiting',
  elapsed: 0,
  startedAt: null,
  remotePresent: false,
  remoteVideo: false,
  reconnecting: false,
};

/** Whether a session is open (between Start and the end). */
export function isCallOpen(status: CallStatus): boolean {
  return status !== 'waiting' && status !== 'stopping';
}

/** The status the connection's facts lead to while the call is open. */
function liveStatus(state: CallState): CallStatus {
  if (state.reconnecting) return 'reconnecting';
  if (!state.remotePresent) return state.startedAt === null ? 'connecting' : 'left';
  // Two present without the patient's video (not attached yet, or camera off): off.
  return state.remoteVideo ? 'on' : 'off';
}

/** The pure status machine of SPEC 4; effects (server calls, the session) live in the hook. */
export function callReducer(state: CallState, action: CallAction): CallState {
  switch (action.type) {
    case 'start':
      if (state.status !== 'waiting' || state.elapsed > 0) return state;
      return { ...initialCallState, status: 'connecting', startedAt: action.resumedStartedAt ?? null };
    case 'startFailed':
      return state.status === 'connecting' ? { ...initialCallState } : state;
    case 'reset':
      return { ...initialCallState };
    case 'stopped':
      // The visit was completed (time elapsed) or the meeting closed (no time).
      return {
        ...initialCallState,
        status: state.elapsed > 0 ? 'waiting' : 'stopping',
        elapsed: state.elapsed,
        startedAt: state.startedAt,
      };
    case 'end':
      return isCallOpen(state.status) ? { ...state, status: 'stopping' } : state;
    case 'completeFailed':
      return state.status === 'stopping' ? { ...state, status: 'connecting' } : state;
    default:
      break;
  }
  if (!isCallOpen(state.status)) return state;
  switch (action.type) {
    case 'presence': {
      const next: CallState = action.present
        ? { ...state, remotePresent: true, startedAt: state.startedAt ?? action.at }
        : { ...state, remotePresent: false, remoteVideo: false, reconnecting: false };
      return { ...next, status: liveStatus(next) };
    }
    case 'remoteVideo': {
      const next = { ...state, remoteVideo: action.available };
      return { ...next, status: liveStatus(next) };
    }
    case 'reconnecting': {
      const next = { ...state, reconnecting: true };
      return { ...next, status: liveStatus(next) };
    }
    case 'reconnected': {
      const next = { ...state, reconnecting: false };
      return { ...next, status: liveStatus(next) };
    }
    case 'tick':
      // The timer runs from the first moment both were present until the call ends.
      if (state.startedAt === null) return state;
      return { ...state, elapsed: Math.max(0, Math.floor((action.at - state.startedAt) / 1000)) };
  }
}

/** Start shows only before any time elapsed, while waiting (SPEC 4). */
export function showsStart(state: CallState): boolean {
  return state.status === 'waiting' && state.elapsed === 0;
}

/** End is hidden while waiting and stopping. */
export function showsEnd(state: CallState): boolean {
  return state.status !== 'waiting' && state.status !== 'stopping';
}
