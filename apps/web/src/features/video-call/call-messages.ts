import { FailedCode, isMessageKey } from '@clinic/contract';

/**
 * What to show for a failed meeting start (SPEC 8 "Meeting creation"): a contract message of the
 * code, or a key under videoCall.errors with its values.
 */
export type StartFailureText =
  | { kind: 'message'; code: string }
  | { kind: 'key'; key: 'completed' | 'contactManager' | 'unexpectedStart'; code?: string };

const ownMessages: ReadonlySet<string> = new Set([
  FailedCode.ScheduleCompleted,
  FailedCode.ScheduleCancelled,
  FailedCode.ScheduleClosed,
  FailedCode.ScheduleExpired,
  FailedCode.CallTooEarly,
  FailedCode.NotAppMember,
  FailedCode.CallInProgress,
  FailedCode.MeetingNotFound,
]);

export function startFailureText(code: string | undefined): StartFailureText {
  if (code && ownMessages.has(code) && isMessageKey(code)) return { kind: 'message', code };
  if (code === 'SE0000') return { kind: 'key', key: 'completed' };
  if (code === 'TE9999') return { kind: 'key', key: 'contactManager', code };
  return { kind: 'key', key: 'unexpectedStart' };
}

/** Completion failures SE0110, SE0111, SE0114 read "abnormal result, retry"; others are unexpected. */
export function completeFailureKey(code: string | undefined): 'completeFailed' | 'unexpected' {
  return code === FailedCode.CompletionRejected ||
    code === FailedCode.CompletionMeetingMismatch ||
    code === FailedCode.ScheduleNotWaiting
    ? 'completeFailed'
    : 'unexpected';
}
