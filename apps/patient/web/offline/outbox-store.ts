import { openDB, type DBSchema } from 'idb';

/** Why the server refused a write for good (a 4xx other than 401, 408 and 429): it is not sent again. */
export interface OutboxRefusal {
  /** HTTP status (200 for a coded business failure). */
  status: number;
  failedCode?: string;
  /** When the refusal arrived (ISO). */
  at: string;
}

/** A write made on this device, kept until the server has acknowledged it. Never holds a token. */
export interface OutboxEntry {
  /** Chosen when the write was made; the server keeps one write per key however often it is sent. */
  idempotencyKey: string;
  /** The endpoint's path under /api. */
  endpoint: string;
  /** The request as the endpoint's contract reads it, the idempotency key included. */
  body: unknown;
  /** When the write was made (ISO). */
  createdAt: string;
  refusal?: OutboxRefusal;
}

/** Where the outbox keeps its entries: IndexedDB in the browser, memory in tests. */
export interface OutboxStore {
  /** Every entry, in the order they were added. */
  list(): Promise<OutboxEntry[]>;
  add(entry: OutboxEntry): Promise<void>;
  /** Replaces the entry of the same idempotency key, if it is still kept. */
  update(entry: OutboxEntry): Promise<void>;
  remove(idempotencyKey: string): Promise<void>;
  clear(): Promise<void>;
}

const outboxDbName = 'patient-outbox';
const outboxDbVersion = 1;
const storeName = 'writes';

interface StoredEntry extends OutboxEntry {
  /** Adding order: entries are sent oldest first. */
  seq?: number;
}

interface OutboxSchema extends DBSchema {
  writes: { key: number; value: StoredEntry; indexes: { idempotencyKey: string } };
}

function withoutSeq({ seq: _seq, ...entry }: StoredEntry): OutboxEntry {
  return entry;
}

/** The outbox in IndexedDB (database `patient-outbox`), opened at first use. */
export function indexedDbOutboxStore(): OutboxStore {
  let opened: ReturnType<typeof openDB<OutboxSchema>> | undefined;
  const db = (): ReturnType<typeof openDB<OutboxSchema>> => {
    opened ??= openDB<OutboxSchema>(outboxDbName, outboxDbVersion, {
      upgrade(database) {
        const store = database.createObjectStore(storeName, { keyPath: 'seq', autoIncrement: true });
        store.createIndex('idempotencyKey', 'idempotencyKey', { unique: true });
      },
    });
    opened.catch(() => {
      opened = undefined;
    });
    return opened;
  };
  return {
    async list() {
      return (await (await db()).getAll(storeName)).map(withoutSeq);
    },
    async add(entry) {
      await (await db()).add(storeName, { ...entry });
    },
    async update(entry) {
      const tx = (await db()).transaction(storeName, 'readwrite');
      const seq = await tx.store.index('idempotencyKey').getKey(entry.idempotencyKey);
      if (seq !== undefined) await tx.store.put({ ...entry, seq });
      await tx.done;
    },
    async remove(idempotencyKey) {
      const tx = (await db()).transaction(storeName, 'readwrite');
      const seq = await tx.store.index('idempotencyKey').getKey(idempotencyKey);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
    async clear() {
      await (await db()).clear(storeName);
    },
  };
}

/** An outbox that lasts as long as the page: where the browser has no IndexedDB, and in tests. */
export function memoryOutboxStore(): OutboxStore {
  let entries: OutboxEntry[] = [];
  return {
    list: () => Promise.resolve(entries.map((entry) => ({ ...entry }))),
    add(entry) {
      if (entries.some((kept) => kept.idempotencyKey === entry.idempotencyKey)) {
        return Promise.reject(new Error(`an outbox entry with key ${entry.idempotencyKey} is kept already`));
      }
      entries.push({ ...entry });
      return Promise.resolve();
    },
    update(entry) {
      entries = entries.map((kept) => (kept.idempotencyKey === entry.idempotencyKey ? { ...entry } : kept));
      return Promise.resolve();
    },
    remove(idempotencyKey) {
      entries = entries.filter((kept) => kept.idempotencyKey !== idempotencyKey);
      return Promise.resolve();
    },
    clear() {
      entries = [];
      return Promise.resolve();
    },
  };
}
