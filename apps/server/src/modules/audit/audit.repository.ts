import { sql, type SQL } from 'drizzle-orm';
import type { DeclaredAudit } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { auditEvent } from '../../db/schema.ts';

export type AuditAction = (typeof auditEvent.$inferInsert)['action'];

/** What one request did to one patient's data. */
export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: string | number | undefined;
  seqPatient?: number | undefined;
  seqMedicalRelation?: number | undefined;
  /** 'success' unless the call was refused. */
  outcome?: 'success' | 'denied' | undefined;
  /** Why it was refused, where 'denied' alone does not say. */
  reason?: string | undefined;
}

/** Who is acting and from where: copied onto every entry. */
export interface AuditActor {
  /** Null for a visit's guest, named by `guestName`. */
  seqUser: number | null;
  guestName?: string | undefined;
  seqManager?: number | undefined;
  /** The FHIR client reading on the clinician's behalf. */
  clientName?: string | undefined;
  ip: string;
  userAgent: string | undefined;
  requestId: string;
  /** The row the call's endpoint declares, marked written once an entry of it is. */
  call?: DeclaredAudit | undefined;
}

function markDeclared(actor: AuditActor, entries: Pick<AuditEntry, 'action' | 'entity'>[]): void {
  const { call } = actor;
  if (call && entries.some((entry) => entry.action === call.declared.action && entry.entity === call.declared.entity))
    call.written = true;
}

export interface AuditRepository {
  append(actor: AuditActor, at: Date, entries: AuditEntry[]): Promise<void>;
}

export function auditRepository(db: Database): AuditRepository {
  return {
    async append(actor: AuditActor, at: Date, entries: AuditEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insert(auditEvent).values(
        entries.map((entry) => ({
          at,
          seqUser: actor.seqUser,
          seqManager: actor.seqManager ?? null,
          seqPatient: entry.seqPatient ?? null,
          seqMedicalRelation: entry.seqMedicalRelation ?? null,
          action: entry.action,
          outcome: entry.outcome ?? 'success',
          entity: entry.entity,
          entityId: entry.entityId === undefined ? null : String(entry.entityId),
          ip: actor.ip,
          userAgent: actor.userAgent?.slice(0, 500) ?? null,
          requestId: actor.requestId,
          guestName: actor.guestName ?? null,
          reason: entry.reason ?? null,
          clientName: actor.clientName ?? null,
        })),
      );
      markDeclared(actor, entries);
    },
  };
}

/** An entry whose patient and id may be expressions of the statement it is part of. */
export interface AuditEntryOf extends Pick<AuditEntry, 'action' | 'entity'> {
  entityId?: SQL;
  seqPatient?: number | SQL;
  seqMedicalRelation?: number | SQL;
}

/**
 * The insert of an entry as part of the statement that reads or writes what it records
 * (`with audit as (...)`), so that the two cost one round trip; with `from`, one entry per row of
 * that relation. A read's statement commits without waiting for its WAL flush (that transaction
 * only): the read changes nothing else, and its entry is lost only if the database server itself
 * crashes within the WAL writer's fraction of a second; writes and their entries always wait
 * (decision 0008).
 */
export function auditInsert(actor: AuditActor, at: Date, entry: AuditEntryOf, from?: SQL): SQL {
  markDeclared(actor, [entry]);
  return sql`insert into ${auditEvent} (at, seq_user, seq_manager, seq_patient, seq_medical_relation, action, entity,
      entity_id, ip, user_agent, request_id, client_name)
    select ${at.toISOString()}::timestamptz, ${actor.seqUser}::int, ${actor.seqManager ?? null}::int,
      ${entry.seqPatient ?? null}::int, ${entry.seqMedicalRelation ?? null}::int, ${entry.action}, ${entry.entity},
      ${entry.entityId ?? null}::text, ${actor.ip}, ${actor.userAgent?.slice(0, 500) ?? null}::text, ${actor.requestId},
      ${actor.clientName ?? null}::text
    ${from ? sql`from ${from}` : sql``}
    ${entry.action === 'read' ? sql`where set_config('synchronous_commit', 'off', true) is not null` : sql``}`;
}

/** An audit row as its chain hashes it: the row as jsonb without its hash (nor the guest and client columns when null), instants in UTC (migrations 0015, 0034, 0035). */
export interface ChainedRow {
  id: number;
  hash: string | null;
  content: string;
}

/** Up to `limit` audit rows after `afterId`, in id order, with their text read through the system catalog's own functions. */
export function chainedRowsAfter(db: Database, afterId: number, limit: number): Promise<ChainedRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const result = (await tx.execute(sql`
      select id, hash, ((pg_catalog.to_jsonb(entry) operator(pg_catalog.-) 'hash') operator(pg_catalog.-)
        pg_catalog.array_remove(array[case when entry.guest_name is null then 'guest_name' end,
          case when entry.reason is null then 'reason' end,
          case when entry.client_name is null then 'client_name' end], null))::text as content
      from ${auditEvent} entry where id > ${afterId} order by id limit ${limit}`)) as {
      rows: { id: string | number; hash: string | null; content: string }[];
    };
    return result.rows.map((row) => ({ id: Number(row.id), hash: row.hash, content: row.content }));
  });
}
