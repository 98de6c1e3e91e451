import { getWebPushKey } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';

export function notificationRoutes(publicKey: string): Route[] {
  return [
    route(getWebPushKey, (_body, context) => {
      principalOf(context);
      return Promise.resolve({ ...ok, publicKey });
    }),
  ];
}
