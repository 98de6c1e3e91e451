/** What the sandbox keeps: Stripe's objects, by kind and id, and the answers to idempotency keys. */
export type Kind = 'customer' | 'payment_method' | 'setup_intent' | 'payment_intent' | 'idempotency';
export type StoredObject = Record<string, unknown>;

/** The sandbox's books. The app keeps them in its database; a test may keep them in memory. */
export interface SandboxStore {
  get(kind: Kind, id: string): Promise<StoredObject | undefined>;
  put(kind: Kind, id: string, body: StoredObject): Promise<void>;
  /** The objects of a kind whose value at `path` (say `metadata`, `charge_key`) is `value`. */
  find(kind: Kind, path: string[], value: string): Promise<StoredObject[]>;
}

export function memoryStore(): SandboxStore {
  const objects = new Map<string, StoredObject>();
  const at = (body: unknown, path: string[]): unknown =>
    path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], body);
  return {
    get: (kind, id) => Promise.resolve(structuredClone(objects.get(`${kind}/${id}`))),
    put(kind, id, body) {
      objects.set(`${kind}/${id}`, structuredClone(body));
      return Promise.resolve();
    },
    find: (kind, path, value) =>
      Promise.resolve(
        [...objects.entries()]
          .filter(([key, body]) => key.startsWith(`${kind}/`) && at(body, path) === value)
          .map(([, body]) => structuredClone(body)),
      ),
  };
}
