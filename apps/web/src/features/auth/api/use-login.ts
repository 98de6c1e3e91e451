import type * as LoginModule from './login.ts';

/** The login request; it and its checks (zod) load with the first attempt rather than with the login page. */
export function loadLogin(): Promise<typeof LoginModule> {
  return import('./login.ts');
}
