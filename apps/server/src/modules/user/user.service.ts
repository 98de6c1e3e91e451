import { type AccountRecoveryService, accountRecoveryService } from './account-recovery.service.ts';
import { type AccountSettingsService, accountSettingsService } from './account-settings.service.ts';
import type { UserDependencies } from './account.ts';
import { loginService, type LoginService } from './login.service.ts';
import { signUpService, type SignUpService } from './sign-up.service.ts';

export type { UserDependencies } from './account.ts';

export type UserService = SignUpService & LoginService & AccountRecoveryService & AccountSettingsService;

/** Accounts as their routes and the demo see them: sign-up, login, recovery and settings. */
export function userService(deps: UserDependencies): UserService {
  return {
    ...signUpService(deps),
    ...loginService(deps),
    ...accountRecoveryService(deps),
    ...accountSettingsService(deps),
  };
}
