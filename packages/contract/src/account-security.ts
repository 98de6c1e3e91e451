import { z } from 'zod';
import { defineEndpoint, emptyRequest, success } from './endpoint.ts';

const tag = 'account-security';

/** The kinds of device a browser's user agent tells; words the screens translate. */
export const deviceKinds = ['desktop', 'mobile', 'tablet'] as const;

/**
 * The browser of a session or a login as its user agent tells it: the names of the browser and the
 * operating system (proper names, shown as they are), null when the user agent does not tell.
 */
export const browserLabel = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(deviceKinds).nullable(),
});
export type BrowserLabel = z.infer<typeof browserLabel>;

export const openSession = z.lazy(() =>
  browserLabel.extend({
    id: z.uuid(),
    /** The session of the call itself. */
    current: z.boolean(),
    ip: z.string().nullable(),
    startedAt: z.iso.datetime({ offset: true }),
    lastActiveAt: z.iso.datetime({ offset: true }),
  }),
);
export type OpenSession = z.infer<typeof openSession>;

export const loginAttempt = z.lazy(() =>
  browserLabel.extend({
    at: z.iso.datetime({ offset: true }),
    /** False: a wrong password was given. */
    succeeded: z.boolean(),
    ip: z.string().nullable(),
  }),
);
export type LoginAttempt = z.infer<typeof loginAttempt>;

/** How many of the latest logins and failures the history shows. */
export const loginHistoryLength = 20;

export const listSessions = defineEndpoint({
  method: 'POST',
  path: '/user/listSessions',
  access: 'manager',
  audit: false,
  tag,
  summary: "The clinician's open sessions: the one of this call first, marked current, then the latest active first",
  request: emptyRequest,
  get reply() {
    return success({ sessions: z.array(openSession) });
  },
});

export const endSession = defineEndpoint({
  method: 'PUT',
  path: '/user/endSession',
  access: 'manager',
  audit: { action: 'delete', entity: 'session' },
  tag,
  summary:
    "Ends one open session of the clinician; its browser is logged out within seconds. Another clinician's session answers 404 like a missing one",
  get request() {
    return z.object({ id: z.uuid({ error: 'validation.invalid' }) });
  },
  get reply() {
    return success({});
  },
});

export const endOtherSessions = defineEndpoint({
  method: 'PUT',
  path: '/user/endOtherSessions',
  access: 'manager',
  audit: { action: 'delete', entity: 'session' },
  tag,
  summary: 'Ends every open session of the clinician but the one of this call',
  request: emptyRequest,
  get reply() {
    return success({});
  },
});

export const loginHistory = defineEndpoint({
  method: 'POST',
  path: '/user/getLoginHistory',
  access: 'manager',
  audit: false,
  tag,
  summary: `The clinician's latest ${loginHistoryLength} logins and wrong-password failures, the newest first`,
  request: emptyRequest,
  get reply() {
    return success({ logins: z.array(loginAttempt) });
  },
});
