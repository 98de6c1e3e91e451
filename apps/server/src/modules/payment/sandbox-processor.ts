import { randomBytes } from 'node:crypto';
import { paymentSandbox, type SandboxStore, type WebhookSender } from '@clinic/payment-sandbox';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxObject } from '../../db/schema.ts';

/** The sandbox's books in our database, in a table of its own (sandbox_object). */
function databaseStore(db: Database): SandboxStore {
  return {
    async get(kind, id) {
      const [row] = await db
        .select({ body: sandboxObject.body })
        .from(sandboxObject)
        .where(and(eq(sandboxObject.kind, kind), eq(sandboxObject.id, id)));
      return row?.body;
    },
    async put(kind, id, body) {
      await db
        .insert(sandboxObject)
        .values({ kind, id, body })
        .onConflictDoUpdate({ target: [sandboxObject.kind, sandboxObject.id], set: { body } });
    },
    async find(kind, path, value) {
      const rows = await db
        .select({ body: sandboxObject.body })
        .from(sandboxObject)
        .where(and(eq(sandboxObject.kind, kind), sql`${sandboxObject.body} #>> ${`{${path.join(',')}}`} = ${value}`));
      return rows.map((row) => row.body);
    },
  };
}

export interface SandboxProcessor {
  /** Where the official client reaches it. */
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Gives it our webhook endpoint once the app can take requests. */
  deliverTo(sender: WebhookSender): void;
  close(): Promise<void>;
}

/**
 * The sandbox processor, started in our process on a port of its own: a separate processor that
 * speaks Stripe's API, with keys made for this run. Its events go to our webhook endpoint, signed.
 */
export async function startSandboxProcessor(db: Database, host: string, port: number): Promise<SandboxProcessor> {
  const keys = {
    secretKey: `sk_test_sandbox_${randomBytes(16).toString('hex')}`,
    publishableKey: `pk_test_sandbox_${randomBytes(16).toString('hex')}`,
    webhookSecret: `whsec_sandbox_${randomBytes(16).toString('hex')}`,
  };
  let sender: WebhookSender | undefined;
  const sandbox = paymentSandbox({
    ...keys,
    store: databaseStore(db),
    // Until the app takes requests the sandbox hears no answer, and delivers again later.
    webhook: {
      secret: keys.webhookSecret,
      send: (payload, headers) => sender?.(payload, headers) ?? Promise.resolve(0),
    },
  });
  const apiUrl = await sandbox.listen({ host, port });
  return {
    ...keys,
    apiUrl,
    deliverTo(given) {
      sender = given;
    },
    close: () => sandbox.close(),
  };
}
