export { type AuditAction, type AuditEntry, auditInsert, checkAuditChain } from './audit.repository.ts';
export { actorOf, auditedCall, recordAudit, type AuditOrigin } from './audit.ts';
