import { describe, expect, it } from 'vitest';
import { idleStatus } from './idle.ts';

const start = 1_700_000_000_000;
const at = (seconds: number): number => start + seconds * 1000;

describe('idleStatus', () => {
  it('is active for the first 29 minutes', () => {
    expect(idleStatus(at(0), start, 1800, 60)).toEqual({ kind: 'active' });
    expect(idleStatus(at(1739), start, 1800, 60)).toEqual({ kind: 'active' });
  });

  it('warns with a countdown in the last 60 seconds', () => {
    expect(idleStatus(at(1740), start, 1800, 60)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idleStatus(at(1740.5), start, 1800, 60)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idleStatus(at(1799), start, 1800, 60)).toEqual({ kind: 'warning', secondsLeft: 1 });
  });

  it('expires at 1800 seconds', () => {
    expect(idleStatus(at(1800), start, 1800, 60)).toEqual({ kind: 'expired' });
    expect(idleStatus(at(7200), start, 1800, 60)).toEqual({ kind: 'expired' });
  });

  it('treats an activity time in the future as now', () => {
    expect(idleStatus(at(0), at(30), 1800, 60)).toEqual({ kind: 'active' });
  });

  it('follows a shortened limit', () => {
    expect(idleStatus(at(5), start, 70, 60)).toEqual({ kind: 'active' });
    expect(idleStatus(at(15), start, 70, 60)).toEqual({ kind: 'warning', secondsLeft: 55 });
  });
});
