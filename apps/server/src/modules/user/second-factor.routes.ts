import {
  beginRequiredSetup,
  beginTotpSetup,
  completeLogin,
  completeRequiredSetup,
  confirmTotpSetup,
  disableTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { SecondFactorService } from './second-factor.service.ts';

export function secondFactorRoutes(secondFactors: SecondFactorService): Route[] {
  return [
    route(completeLogin, async (body, context) => ({ ...ok, ...(await secondFactors.completeLogin(body, context)) })),
    route(beginRequiredSetup, async (body) => ({ ...ok, ...(await secondFactors.beginRequiredSetup(body.challenge)) })),
    route(completeRequiredSetup, async (body, context) => ({
      ...ok,
      ...(await secondFactors.completeRequiredSetup(body.challenge, body.code, context)),
    })),
    route(secondFactorStatus, async (_body, context) => ({
      ...ok,
      ...(await secondFactors.status(principalOf(context))),
    })),
    route(beginTotpSetup, async (body, context) => ({
      ...ok,
      ...(await secondFactors.beginTotp(principalOf(context), body.password)),
    })),
    route(confirmTotpSetup, async (body, context) => ({
      ...ok,
      ...(await secondFactors.confirmTotp(principalOf(context), body.code, context)),
    })),
    route(disableTotp, async (body, context) => {
      await secondFactors.disableTotp(principalOf(context), body.password, context);
      return ok;
    }),
    route(regenerateRecoveryCodes, async (body, context) => ({
      ...ok,
      ...(await secondFactors.regenerateRecoveryCodes(principalOf(context), body.password, context)),
    })),
  ];
}
