import { endOtherSessions, endSession, listSessions, loginHistory } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { AccountSecurityService } from './account-security.service.ts';

export function accountSecurityRoutes(security: AccountSecurityService): Route[] {
  return [
    route(listSessions, async (_body, context) => ({
      ...ok,
      sessions: await security.listSessions(principalOf(context)),
    })),
    route(endSession, async (body, context) => {
      await security.endSession(principalOf(context), body.id);
      return ok;
    }),
    route(endOtherSessions, async (_body, context) => {
      await security.endOtherSessions(principalOf(context));
      return ok;
    }),
    route(loginHistory, async (_body, context) => ({
      ...ok,
      logins: await security.loginHistory(principalOf(context)),
    })),
  ];
}
