import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { birthDateField, emailField, genderField, nameField, passwordField } from './validation.ts';

const tag = 'patientApp';

/** The patient's side: the mobile app signs up here, then logs in with userType 'patient'. */
export const patientSignUp = defineEndpoint({
  method: 'POST',
  path: '/patientApp/signUp',
  access: 'public',
  audit: false,
  tag,
  summary: 'Registers a patient app member and mails a verification link',
  get request() {
    return z.object({
      userEmail: emailField,
      userPassword: passwordField,
      patientName: nameField,
      patientInfoBirth: birthDateField,
      patientInfoGender: genderField,
    });
  },
  get reply() {
    return reply({ userEmail: z.string() }, [FailedCode.EmailExists, FailedCode.SignUpFailed]);
  },
});

export const issueSyncAuthCode = defineEndpoint({
  method: 'POST',
  path: '/patientApp/issueSyncAuthCode',
  access: 'patient',
  audit: { action: 'create', entity: 'sync_code' },
  tag,
  summary: 'A six-digit code the patient gives a clinician to be registered; valid for ten minutes',
  get request() {
    return z.object({}).strict();
  },
  get reply() {
    return success({ patientSyncAuthCode: z.string(), expiresAt: z.string() });
  },
});

export const patientLogout = defineEndpoint({
  method: 'POST',
  path: '/patientApp/logout',
  access: 'patient',
  audit: false,
  tag,
  summary: "Ends the patient's session on this device",
  request: emptyRequest,
  get reply() {
    return success({});
  },
});

export const getPatientWebPushKey = defineEndpoint({
  method: 'POST',
  path: '/patientApp/getWebPushKey',
  access: 'patient',
  audit: false,
  tag,
  summary:
    "The server's VAPID public key, for the browser's push subscription (sent with PUT /patientApp/updatePushToken)",
  request: emptyRequest,
  get reply() {
    return success({ publicKey: z.string() });
  },
});

export const updatePatientPushToken = defineEndpoint({
  method: 'PUT',
  path: '/patientApp/updatePushToken',
  access: 'patient',
  audit: false,
  tag,
  summary:
    "Registers this session's push subscription (PushSubscription.toJSON() as a string); an empty token clears it. Notifications are written in the language and time zone of this request",
  get request() {
    return z.object({ fcmToken: z.string().max(4096) });
  },
  get reply() {
    return success({});
  },
});
