import { findUserId, resetManagerPw, updateLanguage, type RequestOf } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician, callApi, invalid } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { passwordResetMail, userIdMail } from '../../mail/templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the language of mail', () => {
  it('is the one the clinician chose on My page, not the sign-up language nor the asking browser’s', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail, {}, 'ko');
    const choose = (language: RequestOf<typeof updateLanguage>['language']) =>
      callApi(t.app, updateLanguage, { language }, { token: tokens.accessToken });
    expect((await choose('cs')).reply).toEqual({ isSuccess: true });
    expect((await choose(invalid('de'))).status).toBe(400);

    let since = t.mail.messages.length;
    await callApi(t.app, resetManagerPw, { userEmail: body.userEmail }, { language: 'en' });
    expect((await t.mail.next(body.userEmail, since)).subject).toBe(passwordResetMail('cs', '', '', '').subject);

    since = t.mail.messages.length;
    const identity = { firstName: body.firstName, lastName: body.lastName, userEmail: body.userEmail };
    await callApi(t.app, findUserId, identity, { language: 'zh-HK' });
    expect((await t.mail.next(body.userEmail, since)).subject).toBe(userIdMail('cs', '', '', '').subject);
  });
});
