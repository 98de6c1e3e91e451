import { describe, expect, it } from 'vitest';
import { callReducer, initialCallState, showsEnd, showsStart, type CallAction, type CallState } from './call-status.ts';

function run(actions: CallAction[], from: CallState = initialCallState): CallState {
  return actions.reduce(callReducer, from);
}

describe('call status machine (SPEC 4)', () => {
  it('starts from waiting to connecting, and a failed start goes back to waiting', () => {
    const connecting = run([{ type: 'start' }]);
    expect(connecting.status).toBe('connecting');
    expect(run([{ type: 'startFailed' }], connecting).status).toBe('waiting');
  });

  it('is on when the patient video attaches, and the timer starts when both are present', () => {
    const state = run([
      { type: 'start' },
      { type: 'presence', present: true, at: 10_000 },
      { type: 'remoteVideo', available: true },
      { type: 'tick', at: 13_400 },
    ]);
    expect(state.status).toBe('on');
    expect(state.startedAt).toBe(10_000);
    expect(state.elapsed).toBe(3);
  });

  it('carries on the timer of a call the screen was reloaded in from its recorded start', () => {
    const state = run([
      { type: 'start', resumedStartedAt: 10_000 },
      { type: 'presence', present: true, at: 400_000 },
      { type: 'tick', at: 430_000 },
    ]);
    expect(state.startedAt).toBe(10_000);
    expect(state.elapsed).toBe(420);
  });

  it('is off while both are present without the patient video, on with it, off when it goes', () => {
    const present = run([{ type: 'start' }, { type: 'presence', present: true, at: 0 }]);
    expect(present.status).toBe('off');
    expect(run([{ type: 'remoteVideo', available: true }], present).status).toBe('on');
    const off = run(
      [
        { type: 'remoteVideo', available: true },
        { type: 'remoteVideo', available: false },
      ],
      present,
    );
    expect(off.status).toBe('off');
  });

  it('goes reconnecting and back, and left when the patient leaves; the start time stays', () => {
    const on = run([
      { type: 'start' },
      { type: 'presence', present: true, at: 5 },
      { type: 'remoteVideo', available: true },
    ]);
    const reconnecting = run([{ type: 'reconnecting' }], on);
    expect(reconnecting.status).toBe('reconnecting');
    expect(run([{ type: 'reconnected' }], reconnecting).status).toBe('on');
    const left = run([{ type: 'presence', present: false, at: 9 }], on);
    expect(left.status).toBe('left');
    expect(left.startedAt).toBe(5);
    const back = run(
      [
        { type: 'presence', present: true, at: 20 },
        { type: 'remoteVideo', available: true },
      ],
      left,
    );
    expect(back.status).toBe('on');
    expect(back.startedAt).toBe(5);
  });

  it('ends through stopping: waiting with the time kept when time elapsed, else stopping', () => {
    const timed = run([{ type: 'start' }, { type: 'presence', present: true, at: 0 }, { type: 'tick', at: 61_000 }]);
    const ending = run([{ type: 'end' }], timed);
    expect(ending.status).toBe('stopping');
    const done = run([{ type: 'stopped' }], ending);
    expect(done).toMatchObject({ status: 'waiting', elapsed: 61 });
    expect(showsStart(done)).toBe(false);
    expect(showsEnd(done)).toBe(false);

    const untimed = run([{ type: 'start' }, { type: 'end' }, { type: 'stopped' }]);
    expect(untimed.status).toBe('stopping');
  });

  it('returns to connecting when completing fails, and ignores ticks once stopping', () => {
    const ending = run([
      { type: 'start' },
      { type: 'presence', present: true, at: 0 },
      { type: 'tick', at: 2000 },
      { type: 'end' },
    ]);
    expect(run([{ type: 'tick', at: 9000 }], ending).elapsed).toBe(2);
    expect(run([{ type: 'completeFailed' }], ending).status).toBe('connecting');
  });

  it('shows Start only while waiting with no time, and End only while a call is open', () => {
    expect(showsStart(initialCallState)).toBe(true);
    expect(showsEnd(initialCallState)).toBe(false);
    const connecting = run([{ type: 'start' }]);
    expect(showsStart(connecting)).toBe(false);
    expect(showsEnd(connecting)).toBe(true);
    expect(run([{ type: 'start' }], connecting)).toBe(connecting);
  });

  it('ignores session events while no call is open, and reset forgets everything', () => {
    expect(run([{ type: 'presence', present: true, at: 1 }])).toBe(initialCallState);
    expect(run([{ type: 'start' }, { type: 'presence', present: true, at: 1 }, { type: 'reset' }])).toEqual(
      initialCallState,
    );
  });
});
