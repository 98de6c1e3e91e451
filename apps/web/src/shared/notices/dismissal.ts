/** Remembers a dismissed notice for this browser tab. */
export function isDismissed(name: string): boolean {
  try {
    return sessionStorage.getItem(`dismissed:${name}`) === '1';
  } catch {
    return false;
  }
}

export function dismiss(name: string): void {
  try {
    sessionStorage.setItem(`dismissed:${name}`, '1');
  } catch {
    // Session storage blocked: the notice returns on the next page load.
  }
}
