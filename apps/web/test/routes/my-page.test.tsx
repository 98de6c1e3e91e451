// @vitest-environment happy-dom
import { listPasskeys, secondFactorStatus } from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as MyPage } from '../../src/app/routes/options.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const passkey = { seqPasskey: 3, name: 'Clinic laptop', createdAt: '2026-02-01T08:00:00.000Z', lastUsedAt: null };
const withoutApp = { isSuccess: true, totp: false, recoveryCodesLeft: 0, required: false } as const;
const withApp = { isSuccess: true, totp: true, recoveryCodesLeft: 10, required: false } as const;

/** My page's second-factor section; the page's other sections are not answered and show that they did not load. */
async function secondFactorSection(api: FakeApi): Promise<HTMLElement> {
  await renderScreen('/options', MyPage, api, { signedIn: true });
  return screen.findByRole('region', { name: en.secondFactor.myPage.title });
}

afterEach(cleanup);

describe("My page's second-factor section", { timeout: screenTestTimeout }, () => {
  it('is on with a passkey alone, and says what is on', async () => {
    const api = new FakeApi()
      .on(secondFactorStatus, () => withoutApp)
      .on(listPasskeys, () => ({ isSuccess: true, passkeys: [passkey] }));
    const section = within(await secondFactorSection(api));
    await section.findByText(en.secondFactor.myPage.factors.passkey);
    expect(section.getByText(en.secondFactor.myPage.on, { exact: true })).toBeTruthy();
    expect(section.queryByText(en.secondFactor.myPage.off, { exact: true })).toBeNull();
  });

  it('is off with neither an authenticator app nor a passkey', async () => {
    const api = new FakeApi()
      .on(secondFactorStatus, () => withoutApp)
      .on(listPasskeys, () => ({ isSuccess: true, passkeys: [] }));
    const section = within(await secondFactorSection(api));
    await section.findByText(en.passkeys.none);
    expect(section.getByText(en.secondFactor.myPage.off, { exact: true })).toBeTruthy();
    expect(section.queryByText(en.secondFactor.myPage.on, { exact: true })).toBeNull();
  });

  it('offers a retry where the settings or the passkeys did not load', async () => {
    const api = new FakeApi().on(secondFactorStatus, { status: 500 }).on(listPasskeys, { status: 500 });
    const section = within(await secondFactorSection(api));
    await waitFor(() => expect(section.getAllByText(en.common.loadFailed)).toHaveLength(2));

    api.on(secondFactorStatus, () => withApp).on(listPasskeys, () => ({ isSuccess: true, passkeys: [passkey] }));
    for (const retry of section.getAllByRole('button', { name: en.common.retry })) fireEvent.click(retry);
    await section.findByText(en.secondFactor.myPage.factors.both);
    await section.findByText(passkey.name);
    expect(section.queryByText(en.common.loadFailed)).toBeNull();
  });
});
