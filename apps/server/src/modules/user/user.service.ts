import { accountRecoveryService } from './account-recovery.service.ts';
import { accountSettingsService } from './account-settings.service.ts';
import type { UserDependencies } from './account.ts';
import { loginService } from './login.service.ts';
import { signUpService } from './sign-up.service.ts';

export type { UserDependencies } from './account.ts';

export type UserService = ReturnType<typeof userService>;

/** Accounts as their routes and the demo see them: sign-up, login, recovery and settings. */
export function userService(deps: UserDependencies) {
  return {
    ...signUpService(deps),
    ...loginService(deps),
    ...accountRecoveryService(deps),
    ...accountSettingsService(deps),
  };
}
