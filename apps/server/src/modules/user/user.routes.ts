import {
  changePassword,
  completePasswordReset,
  confirmUserPassword,
  findUserId,
  keepAlive,
  login,
  logout,
  patientLogout,
  patientSignUp,
  refreshToken,
  resendAuthEmail,
  resetManagerPw,
  signUp,
  updateLanguage,
  updatePatientPushToken,
  updateToken,
  validUserEmail,
  translate,
  verifyEmail,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { SessionService } from './session.service.ts';
import type { UserService } from './user.service.ts';

export function userRoutes(users: UserService, sessions: SessionService): Route[] {
  return [
    route(validUserEmail, async (body, context) => {
      await users.checkEmailAvailable(body.userEmail, context);
      return ok;
    }),
    route(signUp, async (body, context) => ({ ...ok, ...(await users.signUp(body, context)) })),
    route(patientSignUp, async (body, context) => ({ ...ok, ...(await users.signUpPatient(body, context)) })),
    route(resendAuthEmail, async (body, context) => {
      await users.resendVerification(body.userEmail, context);
      return ok;
    }),
    route(verifyEmail, async (body) => ({ ...ok, ...(await users.verifyEmail(body.token)) })),
    route(login, async (body, context) => {
      const answer = await users.login(body, context);
      // The password was right but the session waits for the second step: a failure that carries it.
      if ('secondStep' in answer) {
        return { isSuccess: false as const, ...answer, message: translate(context.language, answer.failedCode) };
      }
      return { ...ok, ...answer };
    }),
    route(refreshToken, async (_body, context) => ({ ...ok, token: await sessions.refresh(context.refreshToken) })),
    // Authentication itself records the activity.
    route(keepAlive, () => Promise.resolve(ok)),
    route(logout, async (_body, context) => {
      await users.logout(principalOf(context));
      return ok;
    }),
    route(patientLogout, async (_body, context) => {
      await users.logout(patientOf(context));
      return ok;
    }),
    route(findUserId, async (body, context) => ({ ...ok, ...(await users.findUserId(body, context)) })),
    route(resetManagerPw, async (body, context) => {
      await users.requestPasswordReset(body.userEmail, context);
      return ok;
    }),
    route(completePasswordReset, async (body, context) => {
      await users.completePasswordReset(body.token, body.newPassword, context);
      return ok;
    }),
    route(confirmUserPassword, async (body, context) => {
      await users.confirmPassword(principalOf(context), body.password);
      return ok;
    }),
    route(changePassword, async (body, context) => {
      await users.changePassword(principalOf(context), body.currentPassword, body.newPassword);
      return ok;
    }),
    route(updateLanguage, async (body, context) => {
      await users.updateLanguage(principalOf(context), body.language);
      return ok;
    }),
    route(updateToken, async (body, context) => {
      await users.updatePushToken(principalOf(context), body.fcmToken);
      return ok;
    }),
    route(updatePatientPushToken, async (body, context) => {
      const reader = { language: context.language, timeZone: context.timeZone };
      await users.updatePatientPushToken(patientOf(context), body.fcmToken, reader);
      return ok;
    }),
  ];
}
