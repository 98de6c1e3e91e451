/**
 * The idempotency key of one payment attempt (decision 0007): made once when the attempt starts,
 * sent again when the same request is retried after a lost reply, and replaced once the server has
 * answered, so the next attempt (another card, another plan) is a new one.
 */
export interface AttemptKey {
  /** What the key was made for, e.g. `checkout:2` or `card`. */
  scope: string;
  key: string;
}

/** A version 4 UUID, also where `crypto.randomUUID` is missing (an insecure context). */
export function newUuid(
  random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(new ArrayBuffer(16));
  random(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key to send: the pending one of the same scope (a retry), else a new one. */
export function keyForAttempt(current: AttemptKey | null, scope: string, make: () => string = newUuid): AttemptKey {
  return current && current.scope === scope ? current : { scope, key: make() };
}

/**
 * The key kept after a call: an answer from the server (success or a refusal such as a declined
 * card) ends the attempt; a call that got no answer (network, timeout, server error) keeps the
 * key so that trying again cannot charge twice.
 */
export function keyAfterCall(current: AttemptKey, outcome: 'answered' | 'noAnswer'): AttemptKey | null {
  return outcome === 'answered' ? null : current;
}
