import {
  uploadSingle,
  addManagerNote,
  addPatientNoAuth,
  login,
  refreshToken,
  saveProviderInquiry,
} from '@clinic/contract';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onePixelPng, uploadFile, verifiedClinician, callApi, invalid } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/helper.ts';

const png = Buffer.from(onePixelPng.split(',')[1]!, 'base64');

describe.each(['trace', 'debug', 'info', 'warn', 'error', 'fatal'])('at LOG_LEVEL=%s the log', (level) => {
  it('holds no password, token or health data of a login, a JSON call, a refused call or an upload', async () => {
    const t = await createTestApp({ env: { LOG_LEVEL: level } });
    try {
      const { body, tokens } = await verifiedClinician(t.app, t.mail);
      const token = tokens.accessToken;
      const unique = randomBytes(4).toString('hex');
      const patientName = `Leakcheck ${unique}`;
      const diagnosis = `Torn rotator cuff ${unique}`;
      const added = await callApi(
        t.app,
        addPatientNoAuth,
        {
          patientName,
          patientEmail: `leak.${unique}@example.com`,
          patientInfoBirth: '1958-06-15',
          patientInfoGender: 'M',
          heightCm: 172.5,
          weightKg: 70,
          deviceType: 2,
        },
        { token },
      );
      const { seqMedicalRelation } = added.success;
      const note = await callApi(
        t.app,
        addManagerNote,
        { seqMedicalRelation, noteTitle: 'Shoulder', noteContent: diagnosis, isImportant: false, isPublic: false },
        { token },
      );
      expect(note.reply).toMatchObject({ isSuccess: true });
      // A refused body, whose fields a validation error could echo.
      const refused = await callApi(
        t.app,
        addPatientNoAuth,
        invalid({ patientName, patientInfoBirth: diagnosis, heightCm: 'tall' }),
        { token },
      );
      expect(refused.status).toBe(400);
      const wrongLogin = await callApi(t.app, login, {
        userEmail: body.userEmail,
        userPassword: `${unique}-Wrong`,
      });
      expect(wrongLogin.status).toBe(200);
      // Headers that may carry a credential, each named in one of the ways such headers are.
      const credentials = {
        cookie: `session=${unique}-cookie`,
        'x-refresh-token': `${unique}-refresh`,
        'x-metrics-token': `${unique}-metrics`,
        'stripe-signature': `t=1,v1=${unique}-signature`,
        'x-api-key': `${unique}-api-key`,
        'x-client-secret': `${unique}-secret`,
        'proxy-authorization': `Basic ${unique}-proxy`,
      };
      const upload = await uploadFile(t.app, uploadSingle, token, png, { folderPath: 'profile' }, credentials);
      expect(upload.status).toBe(200);
      await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken });

      const logs = t.logs();
      // At trace the upload's headers are logged: the credentials in them are not.
      if (level === 'trace') expect(logs).toContain('"x-api-key":"[redacted]"');
      for (const secret of [
        ...Object.values(credentials),
        body.userPassword,
        `${unique}-Wrong`,
        token,
        tokens.refreshToken,
        patientName,
        `leak.${unique}`,
        diagnosis,
      ])
        expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/Bearer|#(verify|reset)=/);
    } finally {
      await t.close();
    }
  });

  it("holds no inquiry's subject, which may tell of health, when mail goes to the outbox", async () => {
    const t = await createTestApp({ env: { LOG_LEVEL: level }, outbox: true });
    try {
      const title = `My knee after surgery ${randomBytes(4).toString('hex')}`;
      const sent = await callApi(t.app, saveProviderInquiry, {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        organization: null,
        phone: null,
        title,
        content: 'Is the program right for me?',
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => readdir(join(t.dataDir, 'mail')).catch(() => [])).toHaveLength(1);
      if (['trace', 'debug', 'info'].includes(level)) expect(t.logs()).toContain('mail written to the outbox');
      expect(t.logs()).not.toContain(title);
    } finally {
      await t.close();
    }
  });
});
