import type { Principal, RequestContext } from '../../context.ts';
import type { AuditActor } from './audit.repository.ts';

export function actorOf(principal: Principal, context: RequestContext): AuditActor {
  return {
    seqUser: principal.seqUser,
    seqManager: principal.seqManager,
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
  };
}
