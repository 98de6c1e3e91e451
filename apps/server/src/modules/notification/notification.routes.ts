import { getPatientWebPushKey, getWebPushKey } from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';

export function notificationRoutes(publicKey: string): Route[] {
  return [
    route(getWebPushKey, (_body, context) => {
      principalOf(context);
      return Promise.resolve({ ...ok, publicKey });
    }),
    route(getPatientWebPushKey, (_body, context) => {
      patientOf(context);
      return Promise.resolve({ ...ok, publicKey });
    }),
  ];
}
