// @vitest-environment happy-dom
import {
  beginPasskeyRegistration,
  beginTotpSetup,
  confirmTotpSetup,
  FailedCode,
  listPasskeys,
  messages,
  renamePasskey,
  secondFactorStatus,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as MyPage } from '../../src/app/routes/options.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const passkey = { seqPasskey: 3, name: 'Clinic laptop', createdAt: '2026-02-01T08:00:00.000Z', lastUsedAt: null };
const withoutApp = { isSuccess: true, totp: false, recoveryCodesLeft: 0, required: false } as const;
const enrolment = {
  isSuccess: true,
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Clinic:grace?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
} as const;
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

/** My page's second-factor section; the page's other sections are not answered and show that they did not load. */
async function secondFactorSection(api: FakeApi): Promise<HTMLElement> {
  await renderScreen('/options', MyPage, api, { signedIn: true });
  return screen.findByRole('region', { name: en.secondFactor.myPage.title });
}

afterEach(cleanup);

describe("My page's second-factor forms", { timeout: screenTestTimeout }, () => {
  it('confirms the authenticator app with a code checked by the contract, showing a refusal until it changes', async () => {
    let confirmed = false;
    const api = new FakeApi()
      .on(secondFactorStatus, () => withoutApp)
      .on(listPasskeys, () => ({ isSuccess: true, passkeys: [] }))
      .on(beginTotpSetup, () => enrolment)
      .on(confirmTotpSetup, () =>
        confirmed
          ? { isSuccess: true, recoveryCodes }
          : { isSuccess: false, failedCode: FailedCode.WrongSecondFactorCode, message: messages.en.US0303 },
      );
    const section = within(await secondFactorSection(api));
    fireEvent.click(await section.findByRole('button', { name: en.secondFactor.myPage.setUp }));
    const setUp = within(await screen.findByRole('dialog', { name: en.secondFactor.myPage.setUpTitle }));
    fireEvent.change(setUp.getByLabelText(en.common.password), { target: { value: 'Rehab-2026-ok' } });
    fireEvent.click(setUp.getByRole('button', { name: en.common.continue }));

    const code = await section.findByLabelText(en.secondFactor.code);
    const confirm = section.getByRole('button', { name: en.secondFactor.setup.confirm });
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(confirm);
    await section.findByText(messages.en['validation.totp_code']);
    expect(api.callsOf(confirmTotpSetup)).toEqual([]);

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(confirm);
    expect((await section.findByRole('alert')).textContent).toContain(messages.en.US0303);
    expect(api.callsOf(confirmTotpSetup)).toEqual([{ code: '123456' }]);
    fireEvent.change(code, { target: { value: '654321' } });
    await waitFor(() => expect(section.queryByRole('alert')).toBeNull());

    confirmed = true;
    fireEvent.click(confirm);
    const list = await section.findByRole('list', { name: en.secondFactor.recovery.listLabel });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });

  it('renames a passkey with the name checked by the contract, showing a refusal', async () => {
    let found = false;
    const api = new FakeApi()
      .on(secondFactorStatus, () => withoutApp)
      .on(listPasskeys, () => ({ isSuccess: true, passkeys: [passkey] }))
      .on(renamePasskey, () =>
        found
          ? { isSuccess: true }
          : { isSuccess: false, failedCode: FailedCode.PasskeyNotFound, message: messages.en.US0308 },
      );
    const section = within(await secondFactorSection(api));
    const renameLabel = en.passkeys.renameLabel.replace('{{name}}', passkey.name);
    fireEvent.click(await section.findByRole('button', { name: renameLabel }));
    const dialog = within(await screen.findByRole('dialog', { name: en.passkeys.renameTitle }));
    const save = dialog.getByRole('button', { name: en.passkeys.save });

    fireEvent.change(dialog.getByLabelText(en.passkeys.name), { target: { value: '   ' } });
    fireEvent.click(save);
    await dialog.findByText(messages.en['validation.required']);
    expect(api.callsOf(renamePasskey)).toEqual([]);

    fireEvent.change(dialog.getByLabelText(en.passkeys.name), { target: { value: ' Old laptop ' } });
    fireEvent.click(save);
    expect((await dialog.findByRole('alert')).textContent).toContain(messages.en.US0308);
    expect(api.callsOf(renamePasskey)).toEqual([{ seqPasskey: passkey.seqPasskey, name: 'Old laptop' }]);

    found = true;
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: en.passkeys.renameTitle })).toBeNull());
    expect(api.callsOf(renamePasskey)).toHaveLength(2);
  });

  it('adds a passkey only with a name and the password checked by the contract, a wrong password shown at its field', async () => {
    const api = new FakeApi()
      .on(secondFactorStatus, () => withoutApp)
      .on(listPasskeys, () => ({ isSuccess: true, passkeys: [] }))
      .on(beginPasskeyRegistration, () => ({
        isSuccess: false,
        failedCode: FailedCode.WrongPassword,
        message: messages.en[FailedCode.WrongPassword],
      }));
    const section = within(await secondFactorSection(api));
    fireEvent.click(await section.findByRole('button', { name: en.passkeys.add }));
    const dialog = within(await screen.findByRole('dialog', { name: en.passkeys.add }));
    const add = dialog.getByRole('button', { name: en.passkeys.add });

    fireEvent.click(add);
    expect(await dialog.findAllByText(messages.en['validation.required'])).toHaveLength(2);
    fireEvent.change(dialog.getByLabelText(en.passkeys.name), { target: { value: 'x'.repeat(61) } });
    fireEvent.change(dialog.getByLabelText(en.common.password), { target: { value: 'Rehab-2026-ok' } });
    fireEvent.click(add);
    await dialog.findByText(messages.en['validation.too_long']);
    expect(api.callsOf(beginPasskeyRegistration)).toEqual([]);

    fireEvent.change(dialog.getByLabelText(en.passkeys.name), { target: { value: ' Phone ' } });
    fireEvent.click(add);
    await dialog.findByText(messages.en[FailedCode.WrongPassword]);
    expect(api.callsOf(beginPasskeyRegistration)).toEqual([{ password: 'Rehab-2026-ok' }]);
    expect(dialog.queryByRole('alert')).toBeNull();
  });
});
