import { deleteManagerAccount, getManagerInfo, updateManagerInfo } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { ManagerService } from './manager.service.ts';

export function managerRoutes(managers: ManagerService): Route[] {
  return [
    route(getManagerInfo, async (_body, context) => ({
      ...ok,
      manager: await managers.getProfile(principalOf(context)),
    })),
    route(updateManagerInfo, async (body, context) => ({
      ...ok,
      manager: await managers.updateProfile(principalOf(context), body),
    })),
    route(deleteManagerAccount, async (_body, context) => {
      await managers.deleteAccount(principalOf(context));
      return ok;
    }),
  ];
}
