import type { RequestContext } from '../../context.ts';
import type { AuditActor } from './audit.repository.ts';

/** The acting clinician, or patient (who has no seqManager), of a request. */
export function actorOf(principal: { seqUser: number; seqManager?: number }, context: RequestContext): AuditActor {
  return {
    seqUser: principal.seqUser,
    seqManager: principal.seqManager,
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
  };
}
