import {
  beginPasskeyLogin,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  passkeyLogin,
  removePasskey,
  renamePasskey,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { PasskeyService } from './passkey.service.ts';

export function passkeyRoutes(passkeys: PasskeyService): Route[] {
  return [
    route(listPasskeys, async (_body, context) => ({ ...ok, passkeys: await passkeys.list(principalOf(context)) })),
    route(beginPasskeyRegistration, async (body, context) => ({
      ...ok,
      ...(await passkeys.beginRegistration(principalOf(context), body.password)),
    })),
    route(finishPasskeyRegistration, async (body, context) => ({
      ...ok,
      passkey: await passkeys.finishRegistration(principalOf(context), body.name, body.credential, context),
    })),
    route(renamePasskey, async (body, context) => {
      await passkeys.rename(principalOf(context), body.seqPasskey, body.name);
      return ok;
    }),
    route(removePasskey, async (body, context) => {
      await passkeys.remove(principalOf(context), body.seqPasskey, body.password, context);
      return ok;
    }),
    route(beginPasskeyLogin, async (body, context) => ({
      ...ok,
      ...(await passkeys.beginLogin(body.challenge, context)),
    })),
    route(passkeyLogin, async (body, context) => ({
      ...ok,
      ...(await passkeys.login(body.credential, body.browserId, context)),
    })),
  ];
}
