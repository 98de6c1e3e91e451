import { z } from 'zod';
import { defineEndpoint, emptyRequest, failure, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { languages, rules } from './rules.ts';
import { secondStep } from './second-step.ts';
import {
  agreementField,
  currentPasswordField,
  emailField,
  linkTokenField,
  loginIdField,
  nameField,
  npiField,
  passwordConfirmation,
  passwordField,
  signatureField,
  titleField,
  userIdField,
} from './validation.ts';

const tag = 'user';
export const userTypes = ['manager', 'patient'] as const;

export const loginUser = z.lazy(() =>
  z.object({
    seqUser: z.number().int(),
    /** The clinician profile; null for a patient app member. */
    seqManager: z.number().int().nullable(),
    /** The patient profile; null for a clinician. */
    seqPatient: z.number().int().nullable(),
    userId: z.string(),
    userEmail: z.string(),
    userName: z.string(),
  }),
);
export type LoginUser = z.infer<typeof loginUser>;

export const tokenPair = z.lazy(() => z.object({ accessToken: z.string(), refreshToken: z.string() }));
export type TokenPair = z.infer<typeof tokenPair>;

export const validUserEmail = defineEndpoint({
  method: 'POST',
  path: '/user/validUserEmail',
  access: 'public',
  audit: false,
  tag,
  summary: 'Tells whether an e-mail address is free for sign-up',
  get request() {
    return z.object({ userEmail: emailField });
  },
  get reply() {
    return reply({}, [FailedCode.EmailExists]);
  },
});

export const signUpRequest = z.object({
  userId: userIdField,
  firstName: nameField,
  lastName: nameField,
  userEmail: emailField,
  userPassword: passwordField,
  title: titleField,
  npiNumber: npiField,
  signatureImage: signatureField,
  certificationCode: z.string().trim().max(rules.certificationCodeMax, { error: 'validation.too_long' }).optional(),
  agreeTerms: agreementField,
  agreePrivacy: agreementField,
  agreePersonalInfo: agreementField,
  agreeProvider: agreementField,
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

/** The sign-up form: the request plus the password confirmation, checked in the browser. */
export const signUpForm = z.lazy(() =>
  signUpRequest
    .extend({ userPasswordConfirm: z.string() })
    .refine((form) => form.userPassword === form.userPasswordConfirm, {
      error: 'validation.password_mismatch',
      path: ['userPasswordConfirm'],
      // Checked even while other fields are wrong, so the form shows every problem at once.
      when: ({ value }) => typeof value === 'object' && value !== null && 'userPasswordConfirm' in value,
    }),
);

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/user/signUp',
  access: 'public',
  audit: false,
  tag,
  summary: 'Registers a clinician and mails a single-use verification link',
  request: signUpRequest,
  get reply() {
    return reply({ userEmail: z.string() }, [FailedCode.UserIdExists, FailedCode.EmailExists, FailedCode.SignUpFailed]);
  },
});

export const resendAuthEmail = defineEndpoint({
  method: 'POST',
  path: '/user/resendAuthEmail',
  access: 'public',
  audit: false,
  tag,
  summary: 'Mails a new verification link; earlier links stop working',
  get request() {
    return z.object({ userEmail: emailField });
  },
  get reply() {
    return reply({}, [FailedCode.EmailNotExist, FailedCode.AlreadyVerified]);
  },
});

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/user/verifyEmail',
  access: 'public',
  audit: false,
  tag,
  summary: 'Activates the account of a mailed verification link',
  get request() {
    return z.object({ token: linkTokenField });
  },
  get reply() {
    return reply({ userEmail: z.string() }, [FailedCode.LinkInvalid]);
  },
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/user/login',
  access: 'public',
  audit: false,
  tag,
  summary: 'Logs in with the e-mail address or the user ID; tokens also come in x-access-token and x-refresh-token',
  get request() {
    return z.object({
      userEmail: loginIdField,
      userPassword: currentPasswordField,
      userType: z.enum(userTypes).default('manager'),
      fcmToken: z.string().max(4096).optional(),
      /** This browser's lasting random id (the devId kept in local storage): a login from a new one is mailed. */
      browserId: z.uuid({ error: 'validation.invalid' }).optional(),
    });
  },
  // A clinician with a second factor (or required to set one up) gets no tokens yet: a failure that
  // carries the next step, so that a client unaware of it still shows a message (decision 0011).
  get reply() {
    return z.discriminatedUnion('isSuccess', [
      z.object({ isSuccess: z.literal(true), token: tokenPair, user: loginUser }),
      failure([
        FailedCode.NotActivated,
        FailedCode.LoginFailed,
        FailedCode.WrongCredentials,
        FailedCode.NotMember,
        FailedCode.ProfileNotFound,
        FailedCode.AccountDeleted,
        FailedCode.SecondFactorRequired,
        FailedCode.SecondFactorSetupRequired,
      ]).extend({ secondStep: secondStep.optional() }),
    ]);
  },
});

export const refreshToken = defineEndpoint({
  method: 'POST',
  path: '/user/refreshToken',
  access: 'public',
  audit: false,
  tag,
  summary: 'Rotates the refresh token of the x-refresh-token header; new tokens come in the reply headers',
  request: emptyRequest,
  get reply() {
    return success({ token: tokenPair });
  },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/user/logout',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Ends this session',
  request: emptyRequest,
  get reply() {
    return success({});
  },
});

export const findUserId = defineEndpoint({
  method: 'POST',
  path: '/user/findUserId',
  access: 'public',
  audit: false,
  tag,
  summary: 'Finds the user ID of a clinician by name and e-mail; mails it and answers it masked',
  get request() {
    return z.object({ firstName: nameField, lastName: nameField, userEmail: emailField });
  },
  get reply() {
    return reply({ maskedUserId: z.string() }, [FailedCode.WrongNameOrEmail]);
  },
});

export const resetManagerPw = defineEndpoint({
  method: 'POST',
  path: '/user/resetManagerPw',
  access: 'public',
  audit: false,
  tag,
  summary: 'Mails a single-use link to set a new password',
  get request() {
    return z.object({ userEmail: emailField });
  },
  get reply() {
    return reply({}, [FailedCode.NotMember, FailedCode.AccountDeleted, FailedCode.RecoverInApp]);
  },
});

export const completePasswordReset = defineEndpoint({
  method: 'PUT',
  path: '/user/completePasswordReset',
  access: 'public',
  audit: false,
  tag,
  summary: 'Sets a new password with a mailed reset link and ends every session',
  get request() {
    return z.object({ token: linkTokenField, newPassword: passwordField });
  },
  get reply() {
    return reply({}, [FailedCode.LinkInvalid]);
  },
});

export const confirmUserPassword = defineEndpoint({
  method: 'POST',
  path: '/user/confirmUserPassword',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Checks the password of the logged-in clinician before a sensitive action',
  get request() {
    return passwordConfirmation();
  },
  get reply() {
    return reply({}, [FailedCode.WrongPassword]);
  },
});

export const changePasswordRequest = z.lazy(() =>
  z
    .object({ currentPassword: currentPasswordField, newPassword: passwordField })
    .refine((body) => body.currentPassword !== body.newPassword, {
      error: 'validation.password_same',
      path: ['newPassword'],
    }),
);

export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/user/changePasswordBySeqUserAndCurrentPW',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Changes the password and ends every other session',
  request: changePasswordRequest,
  get reply() {
    return reply({}, [FailedCode.WrongPassword]);
  },
});

export const updateToken = defineEndpoint({
  method: 'PUT',
  path: '/user/updateToken',
  access: 'manager',
  audit: false,
  tag,
  summary: "Registers this session's push token; an empty token clears it",
  get request() {
    return z.object({ fcmToken: z.string().max(4096) });
  },
  get reply() {
    return success({});
  },
});

export const updateLanguage = defineEndpoint({
  method: 'PUT',
  path: '/user/updateLanguage',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Keeps the language chosen on My page: every mail to the clinician is written in it',
  get request() {
    return z.object({ language: z.enum(languages) });
  },
  get reply() {
    return success({});
  },
});

export const keepAlive = defineEndpoint({
  method: 'POST',
  path: '/user/keepAlive',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Tells the server the clinician is active in the browser, so the idle limit counts from now',
  request: emptyRequest,
  get reply() {
    return success({});
  },
});
