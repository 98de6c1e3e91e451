export { auditCheckpointJob, newestSignedCheckpoint, parseKeptCheckpoint } from './audit-checkpoint.ts';
export type { AuditCheckpoint } from './audit-checkpoint.repository.ts';
export { auditKeyOf, existingAuditKey } from './audit-key.ts';
export { type AuditAction, type AuditEntry, auditInsert } from './audit.repository.ts';
export { checkAuditTrail, type AuditTrailFault } from './audit-trail-check.ts';
export { actorOf, auditedCall, recordAudit, type AuditOrigin } from './audit.ts';
export { relationEntry } from './relation-entry.ts';
