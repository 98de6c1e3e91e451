/** A notice shown on the next screen, kept in session storage so it survives a page load. */
export const flashKinds = ['idleLogout', 'accountDeleted', 'sessionExpired', 'loggedOut'] as const;
export type FlashKind = (typeof flashKinds)[number];

const flashKey = 'flashNotice';

function isFlashKind(value: string | null): value is FlashKind {
  return value !== null && (flashKinds as readonly string[]).includes(value);
}

export function setFlash(kind: FlashKind): void {
  try {
    sessionStorage.setItem(flashKey, kind);
  } catch {
    // Session storage blocked: the notice is skipped.
  }
}

export function readFlash(): FlashKind | undefined {
  try {
    const value = sessionStorage.getItem(flashKey);
    return isFlashKind(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearFlash(): void {
  try {
    sessionStorage.removeItem(flashKey);
  } catch {
    // Session storage blocked: nothing to clear.
  }
}
