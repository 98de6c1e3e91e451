import { createRealtimeClient, realtimeUrl, type RealtimeStatus } from '@clinic/client/realtime-client';
import type { ClientMessage, ServerMessage } from '@clinic/contract';
import { refreshTokens } from '../api/api-client.ts';
import { logProblem } from '../log/log-problem.ts';
import { expireSession } from '../session/session-expiry.ts';
import { readItem, storageKeys } from '../storage/local-storage.ts';

/** An open realtime socket of this tab: send on it, stop it. */
export interface RealtimeConnection {
  /** Sent once the socket is authenticated (kept until then); see RealtimeClient.send. */
  send(message: ClientMessage): boolean;
  stop(): void;
}

const messageListeners = new Set<(message: ServerMessage) => void>();

/**
 * Hears the messages of every socket this tab opens (the shell's, the call screen's), so a widget
 * shown on both opens no socket of its own. Answers how to stop.
 */
export function onRealtimeMessage(listener: (message: ServerMessage) => void): () => void {
  messageListeners.add(listener);
  return () => void messageListeners.delete(listener);
}

/**
 * Opens this tab's socket with the session in local storage and keeps it open until the returned
 * function is called (logout, leaving the shell).
 */
export function connectRealtime(
  onMessage: (message: ServerMessage) => void,
  onStatus?: (status: RealtimeStatus) => void,
): () => void {
  const connection = openRealtime(onMessage, onStatus);
  return () => connection.stop();
}

/** Like connectRealtime, and the socket can also send (call signalling). */
export function openRealtime(
  onMessage: (message: ServerMessage) => void,
  onStatus?: (status: RealtimeStatus) => void,
): RealtimeConnection {
  if (typeof WebSocket === 'undefined') return { send: () => false, stop: () => undefined };
  const client = createRealtimeClient({
    url: realtimeUrl(window.location),
    createSocket: (url) => new WebSocket(url),
    readTokens: () => ({
      accessToken: readItem(storageKeys.accessToken),
      refreshToken: readItem(storageKeys.refreshToken),
    }),
    refreshTokens,
    onSessionExpired: () => void expireSession(),
    onMessage: (message) => {
      onMessage(message);
      for (const listener of messageListeners) listener(message);
    },
    onStatus,
    onProblem: logProblem,
  });
  const onOnline = (): void => client.reconnectNow();
  window.addEventListener('online', onOnline);
  client.start();
  return {
    send: (message) => client.send(message),
    stop: () => {
      window.removeEventListener('online', onOnline);
      client.stop();
    },
  };
}
