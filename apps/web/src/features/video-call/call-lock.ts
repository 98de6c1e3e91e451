/** The browser-wide lock of the one video call at a time (SPEC 4): held while a call is open. */
export const callLockName = 'clinic-video-call';

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

function lockManager(): LockManagerLike | undefined {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return undefined;
  return navigator.locks;
}

/** Whether another page of this browser holds the call lock now. */
export async function isCallLockHeld(manager: LockManagerLike | undefined = lockManager()): Promise<boolean> {
  if (!manager) return false;
  try {
    const state = await manager.query();
    return (state.held ?? []).some((lock) => lock.name === callLockName);
  } catch {
    return false;
  }
}

/**
 * Takes the call lock if nobody holds it: answers the function that releases it, or null when
 * another call holds it. The browser releases it by itself when the page goes away. Without the
 * Web Locks API every call may open (the server still refuses a second call, SE0122).
 */
export function acquireCallLock(manager: LockManagerLike | undefined = lockManager()): Promise<(() => void) | null> {
  if (!manager) return Promise.resolve(() => undefined);
  return new Promise((resolve) => {
    manager
      .request(callLockName, { ifAvailable: true }, (lock) => {
        if (lock === null) {
          resolve(null);
          return undefined;
        }
        // Held until released.
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(() => resolve(() => undefined));
  });
}
