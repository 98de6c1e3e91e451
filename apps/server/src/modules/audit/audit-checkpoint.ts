import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type AuditCheckpoint, auditCheckpointRepository } from './audit-checkpoint.repository.ts';

type Signed = Omit<AuditCheckpoint, 'signature'>;

const signatureOf = (key: string, { at, rows, lastId, head }: Signed): Buffer =>
  createHmac('sha256', key).update(`clinic audit checkpoint\n${at}\n${rows}\n${lastId}\n${head}`).digest();

function signCheckpoint(key: string, fields: Signed): AuditCheckpoint {
  return { ...fields, signature: signatureOf(key, fields).toString('hex') };
}

export function isSignedWith(key: string, checkpoint: AuditCheckpoint): boolean {
  const given = Buffer.from(checkpoint.signature, 'hex');
  const expected = signatureOf(key, checkpoint);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const checkpointSchema = z.object({
  at: z.iso.datetime(),
  rows: z.number().int().min(0),
  lastId: z.number().int().min(0),
  head: z.string().regex(/^([0-9a-f]{64})?$/),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A checkpoint the operator kept: its JSON, or the whole log line that carried it. */
const keptSchema = z.union([
  checkpointSchema,
  z.object({ auditCheckpoint: checkpointSchema }).transform((line) => line.auditCheckpoint),
]);

export function parseKeptCheckpoint(text: string): AuditCheckpoint | undefined {
  try {
    const parsed = keptSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The newest checkpoint that the key signed, or undefined: what the metrics show. */
export async function newestSignedCheckpoint(db: Database, key: string): Promise<AuditCheckpoint | undefined> {
  const newest = await auditCheckpointRepository(db).newest();
  return newest && isSignedWith(key, newest) ? newest : undefined;
}

/**
 * Signs the trail's head every `everySeconds` and logs it, so that the operator keeps it outside
 * the database. The rows are counted on from the last checkpoint, which must still hold: a trail
 * changed under it gets no new checkpoint (the job fails, and says so in the log) until the
 * operator has looked.
 */
export function auditCheckpointJob({
  key,
  everySeconds,
  now,
  log,
}: {
  key: string;
  everySeconds: number;
  now: Clock;
  log: FastifyBaseLogger;
}): { run(database: Database): Promise<() => Promise<void>> } {
  return {
    async run(database) {
      const checkpoints = auditCheckpointRepository(database);
      const at = now();
      const last = await checkpoints.newest();
      if (last && at.getTime() - new Date(last.at).getTime() < everySeconds * 1000) return () => Promise.resolve();
      if (last && !isSignedWith(key, last))
        throw new Error(`the newest audit checkpoint (${last.at}) is not signed with this server's AUDIT_KEY`);
      if (last && last.lastId > 0 && (await checkpoints.hashOf(last.lastId)) !== last.head)
        throw new Error(
          `audit row ${last.lastId} no longer matches the checkpoint of ${last.at}: run npm run audit:verify`,
        );
      const head = await checkpoints.head();
      const lastId = head?.id ?? 0;
      const rows = (last?.rows ?? 0) + (await checkpoints.countBetween(last?.lastId ?? 0, lastId));
      const checkpoint = signCheckpoint(key, { at: at.toISOString(), rows, lastId, head: head?.hash ?? '' });
      await checkpoints.add(checkpoint);
      return () => {
        log.info({ auditCheckpoint: checkpoint }, 'audit checkpoint: keep it to check the trail against');
        return Promise.resolve();
      };
    },
  };
}
