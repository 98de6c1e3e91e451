export {
  type AuditAction,
  type AuditEntry,
  auditInsert,
  auditRepository,
  checkAuditChain,
} from './audit.repository.ts';
export { actorOf, auditedCall } from './audit.ts';
