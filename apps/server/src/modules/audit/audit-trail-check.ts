import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { type AuditCheckpoint, auditCheckpointRepository } from './audit-checkpoint.repository.ts';
import { isSignedWith } from './audit-checkpoint.ts';
import { chainedRowsAfter } from './audit.repository.ts';

/** Where the trail stood when it was read, up to a row: as many rows, that row's id, the chain's hash there. */
export interface TrailState {
  rows: number;
  lastId: number;
  head: string;
}

/** The first thing wrong with the trail, in id order. */
export type AuditTrailFault =
  /** The row's hash is not that of the row before it and its own content: it was changed, or a row before it removed. */
  | { kind: 'changed'; id: number }
  /** A checkpoint the audit key did not sign. */
  | { kind: 'unsigned'; checkpoint: AuditCheckpoint }
  /** The trail up to the checkpoint's row is not what it signed: rows after `heldUpTo` were rewritten, removed or added. */
  | { kind: 'rewritten'; checkpoint: AuditCheckpoint; found: TrailState; heldUpTo: number }
  /** The trail ends before the checkpoint's row: its newest rows were removed. */
  | { kind: 'truncated'; checkpoint: AuditCheckpoint; found: TrailState };

export interface AuditTrailCheck extends TrailState {
  /** The signed checkpoints it was checked against (the stored ones and the operator's). */
  checkpoints: number;
  fault: AuditTrailFault | null;
}

const batchSize = 5000;

const chainHash = (previous: string, content: string): string =>
  createHash('sha256')
    .update(previous + content, 'utf8')
    .digest('hex');

/**
 * Recomputes the hash chain here, not with the database's function (which its owner can replace),
 * and holds it against every checkpoint the key signed: the stored ones and the one the operator
 * kept. A superuser without the key can make the chain agree with itself again, but not with a
 * checkpoint signed before the change.
 */
export async function checkAuditTrail(db: Database, key: string, kept?: AuditCheckpoint): Promise<AuditTrailCheck> {
  const checkpoints = [...(await auditCheckpointRepository(db).all()), ...(kept ? [kept] : [])];
  const state: TrailState = { rows: 0, lastId: 0, head: '' };
  const result = (fault: AuditTrailFault | null): AuditTrailCheck => ({
    ...state,
    checkpoints: checkpoints.length,
    fault,
  });
  const unsigned = checkpoints.find((checkpoint) => !isSignedWith(key, checkpoint));
  if (unsigned) return result({ kind: 'unsigned', checkpoint: unsigned });

  const pending = checkpoints.toSorted((a, b) => a.lastId - b.lastId);
  let heldUpTo = 0;
  /** Holds the state against the checkpoints of rows before `id`, once the walk has passed them. */
  const passCheckpointsBefore = (id: number): AuditTrailFault | undefined => {
    while (pending[0] && pending[0].lastId < id) {
      const checkpoint = pending.shift()!;
      const held =
        checkpoint.rows === state.rows && checkpoint.lastId === state.lastId && checkpoint.head === state.head;
      if (!held)
        // Past the trail's last row, a checkpoint of a later row signed rows that are gone.
        return checkpoint.lastId > state.lastId && id === Infinity
          ? { kind: 'truncated', checkpoint, found: { ...state } }
          : { kind: 'rewritten', checkpoint, found: { ...state }, heldUpTo };
      heldUpTo = checkpoint.lastId;
    }
    return undefined;
  };

  let batch = await chainedRowsAfter(db, 0, batchSize);
  while (batch.length > 0) {
    for (const row of batch) {
      const fault = passCheckpointsBefore(row.id);
      if (fault) return result(fault);
      const hash = chainHash(state.head, row.content);
      if (row.hash !== hash) return result({ kind: 'changed', id: row.id });
      Object.assign(state, { rows: state.rows + 1, lastId: row.id, head: hash });
    }
    batch = await chainedRowsAfter(db, state.lastId, batchSize);
  }
  return result(passCheckpointsBefore(Infinity) ?? null);
}
