import { FailedCode, type Audit } from '@clinic/contract';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, HttpFailure } from '../../domain-error.ts';
import { auditRepository, type AuditActor, type AuditEntry } from './audit.repository.ts';

/** A clinician (perhaps through a FHIR client, named) or a patient; or a visit's guest, who has no account and is named instead. */
type Caller = { seqUser: number; seqManager?: number; clientName?: string } | { seqUser: null; guestName: string };
/** Where a change came from: a call of ours, or a request from elsewhere (the payment processor's webhook). */
export type AuditOrigin = Pick<RequestContext, 'ip' | 'userAgent' | 'requestId' | 'audit'>;

/** The acting clinician, patient (who has no seqManager) or guest of a request. */
export function actorOf(principal: Caller, context: AuditOrigin): AuditActor {
  return {
    seqUser: principal.seqUser,
    ...('guestName' in principal
      ? { guestName: principal.guestName }
      : { seqManager: principal.seqManager, clientName: principal.clientName }),
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
    call: context.audit,
  };
}

/**
 * Writes what a call did to patient data into the audit trail, as its caller at `at`. A change
 * passes its transaction, so that its entries commit with it or not at all.
 */
export function recordAudit(
  database: Database,
  caller: Caller,
  context: AuditOrigin,
  at: Date,
  entries: AuditEntry[],
): Promise<void> {
  return auditRepository(database).append(actorOf(caller, context), at, entries);
}

/**
 * The answers that refuse access to patient data: "not yours" (someone else's id answers exactly
 * like a missing one, and a sync code that names no patient is a try at a patient's data too), and
 * a patient more than the clinician's plan allows.
 */
const refusals = new Set<FailedCode>([
  FailedCode.NotFound,
  FailedCode.Forbidden,
  FailedCode.MeetingNotFound,
  FailedCode.InvalidSyncCode,
  FailedCode.PlanLimitReached,
]);

const isRefusal = (error: unknown): boolean =>
  (error instanceof HttpFailure || error instanceof BusinessFailure) && refusals.has(error.failedCode);

/** The patient, record and item a call names: the ids of its request, or the calling patient. */
function subjectOf(body: unknown, context: RequestContext): Omit<AuditEntry, 'action' | 'entity'> {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const id = (key: string): number | undefined => (typeof fields[key] === 'number' ? fields[key] : undefined);
  const item = Object.keys(fields).find(
    (key) => key.startsWith('seq') && key !== 'seqPatient' && key !== 'seqMedicalRelation' && id(key) !== undefined,
  );
  return {
    seqPatient: id('seqPatient') ?? context.patient?.seqPatient,
    seqMedicalRelation: id('seqMedicalRelation'),
    // A file is named by its id (a path parameter).
    entityId: item ? id(item) : typeof fields.id === 'string' ? fields.id.slice(0, 100) : undefined,
  };
}

/**
 * Runs one call of an endpoint and makes sure the audit trail holds the row its contract declares.
 * A change writes it in its own transaction and a read in its statement (the services do, marking
 * it written); when the call has not, it is written here before the reply, from the declaration
 * and the ids of the request. A refused call (someone else's or a missing id, a full plan) gets its
 * row too, with outcome 'denied': it read and changed nothing, but the attempt is on record.
 */
export async function auditedCall<T>(
  { db, now }: { db: Database; now: Clock },
  declared: Audit | false,
  body: unknown,
  context: RequestContext,
  handle: () => Promise<T>,
): Promise<T> {
  const caller = context.principal ?? context.patient;
  if (!declared || !caller) return handle();
  context.audit = { declared, written: false };
  const write = (outcome: 'success' | 'denied'): Promise<void> =>
    recordAudit(db, caller, context, now(), [{ ...declared, ...subjectOf(body, context), outcome }]);
  let result: T;
  try {
    result = await handle();
  } catch (error) {
    if (isRefusal(error)) await write('denied');
    throw error;
  }
  if (!context.audit.written) await write('success');
  return result;
}
