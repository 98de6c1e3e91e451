import { createContext, useContext } from 'react';
import type { ClientSignal } from '@clinic/contract';
import type { CallMessage } from './realtime.ts';

/** The call side of the patient's one realtime socket: what the call screen and home screen use. */
export interface RealtimeChannel {
  /** Signalling for the other attendee; waits for the socket when it is down. */
  send(message: ClientSignal): void;
  /** Hears call messages (opened, closed, signal, refused); returns the function that stops listening. */
  subscribe(listener: (message: CallMessage) => void): () => void;
}

export interface RealtimeHub extends RealtimeChannel {
  /** Passes a message from the socket on to every listener. */
  dispatch(message: CallMessage): void;
  /** The socket sends go through, or none while there is no socket. */
  attach(connection: { send(message: ClientSignal): unknown } | undefined): void;
}

/** Listeners stay while the socket behind them reconnects or is replaced. */
export function createRealtimeHub(): RealtimeHub {
  const listeners = new Set<(message: CallMessage) => void>();
  let connection: { send(message: ClientSignal): unknown } | undefined;
  return {
    send(message) {
      connection?.send(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(message) {
      for (const listener of [...listeners]) listener(message);
    },
    attach(next) {
      connection = next;
    },
  };
}

export const RealtimeChannelContext = createContext<RealtimeChannel | null>(null);

/** The signed-in patient's channel; only screens under the signed-in shell use it. */
export function useRealtimeChannel(): RealtimeChannel {
  const channel = useContext(RealtimeChannelContext);
  if (!channel) throw new Error('useRealtimeChannel outside the signed-in shell');
  return channel;
}
