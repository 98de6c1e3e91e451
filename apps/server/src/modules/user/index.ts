export { accountSecurityRoutes } from './account-security.routes.ts';
export {
  accountSecurityService,
  type AccountSecurityService,
  queueLoginChangeMail,
} from './account-security.service.ts';
export {
  accountOf,
  anyAccount,
  eraseAccount,
  forgetPushToken,
  liveAccountByEmail,
  markEmailVerified,
  passwordConfirmedAt,
  pushTargetsOf,
} from './account.ts';
export { challengePurgeJob } from './challenge-purge-job.ts';
export { endedChannel, sessionService, type SessionService } from './session.service.ts';
export { userRoutes } from './user.routes.ts';
export { type UserService, userService } from './user.service.ts';
export { passkeyRoutes } from './passkey.routes.ts';
export { type PasskeyService, passkeyService } from './passkey.service.ts';
export { secondFactorRoutes } from './second-factor.routes.ts';
export { type SecondFactorService, secondFactorService } from './second-factor.service.ts';
