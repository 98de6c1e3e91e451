import type { ServerMessage } from '@clinic/contract';

/**
 * What the server says about video calls: a call opened or closed, the patient (or a guest) let in
 * from the waiting room, a guest joining or removed, signalling, a refused signal.
 */
export type CallMessage = Extract<
  ServerMessage,
  { type: 'meeting' | 'admitted' | 'participant' | 'removed' | 'signal' | 'refused' }
>;

/** Call messages go to the call screens; the rest (ready, notifications, the clinicians' own changes) do not. */
export function isCallMessage(message: ServerMessage): message is CallMessage {
  return (
    message.type === 'meeting' ||
    message.type === 'admitted' ||
    message.type === 'participant' ||
    message.type === 'removed' ||
    message.type === 'signal' ||
    message.type === 'refused'
  );
}
