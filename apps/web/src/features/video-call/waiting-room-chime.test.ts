import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { createChime } from './waiting-room-chime.ts';

/** The parts of Web Audio the chime uses, recording what it plays. */
function fakeAudio(initialState: AudioContextState) {
  const played: { frequency: number; start: number; stop: number }[] = [];
  const disconnected: unknown[] = [];
  const gainNode = () => {
    const node = {
      gain: { value: 1, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: (target: unknown) => target,
      disconnect: () => void disconnected.push(node),
    };
    return node;
  };
  const context = {
    state: initialState,
    currentTime: 3,
    destination: {},
    resume: vi.fn(() => Promise.resolve()),
    createGain: gainNode,
    createOscillator: () => {
      const note = { frequency: 0, start: 0, stop: 0 };
      played.push(note);
      return {
        frequency: {
          set value(hertz: number) {
            note.frequency = hertz;
          },
        },
        connect: (target: unknown) => target,
        start: (at: number) => void (note.start = at),
        stop: (at: number) => void (note.stop = at),
      };
    },
  };
  return { context, played, disconnected, create: vi.fn(() => context as unknown as AudioContext) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the waiting room chime', () => {
  it('plays two short notes, the second lower, from now', () => {
    const audio = fakeAudio('running');
    createChime(audio.create)();
    expect(audio.played).toHaveLength(2);
    const [first, second] = audio.played;
    assert(first && second);
    expect(second.frequency).toBeLessThan(first.frequency);
    expect(first.start).toBeGreaterThanOrEqual(3);
    expect(second.start).toBeGreaterThan(first.start);
    expect(second.stop - first.start).toBeLessThan(1);
  });

  it('opens one audio context for every chime of the page', () => {
    const audio = fakeAudio('running');
    const chime = createChime(audio.create);
    chime();
    chime();
    expect(audio.create).toHaveBeenCalledTimes(1);
    expect(audio.played).toHaveLength(4);
  });

  it('asks a suspended context to start, and drops the chime if the browser will not let it', () => {
    vi.useFakeTimers();
    const audio = fakeAudio('suspended');
    createChime(audio.create)();
    expect(audio.context.resume).toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    // Otherwise it would sound at the clinician's next click.
    expect(audio.disconnected).toHaveLength(1);
  });

  it('keeps the chime of a context that starts in time', () => {
    vi.useFakeTimers();
    const audio = fakeAudio('suspended');
    createChime(audio.create)();
    audio.context.state = 'running';
    vi.advanceTimersByTime(1000);
    expect(audio.disconnected).toEqual([]);
  });

  it('stays silent where there is no Web Audio or the browser refuses it', () => {
    const chime = createChime(() => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    expect(() => chime()).not.toThrow();
  });
});
