// @vitest-environment happy-dom
import { FailedCode, login, messages } from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as LoginScreen } from '../../src/app/routes/login.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const user = {
  seqUser: 1,
  seqManager: 1,
  seqPatient: null,
  userId: 'grace',
  userEmail: 'grace@example.com',
  userName: 'Grace Hopper',
};

async function submit(loginId: string, password: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(en.login.loginId), { target: { value: loginId } });
  fireEvent.change(screen.getByLabelText(en.login.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the login screen', { timeout: screenTestTimeout }, () => {
  it('checks the fields with the contract before asking the server', async () => {
    const api = new FakeApi();
    await renderScreen('/login', LoginScreen, api);
    await submit('', '');
    expect(await screen.findAllByText(messages.en['validation.required'])).toHaveLength(2);
    expect(api.callsOf(login)).toEqual([]);
  });

  it('shows a refused login and keeps the clinician on the screen', async () => {
    const api = new FakeApi().on(login, () => ({
      isSuccess: false,
      failedCode: FailedCode.WrongCredentials,
      message: messages.en.US0003,
    }));
    await renderScreen('/login', LoginScreen, api);
    await submit('grace@example.com', 'Wrong-pass-1');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.en.US0003);
    expect(api.callsOf(login)).toEqual([
      expect.objectContaining({ userEmail: 'grace@example.com', userPassword: 'Wrong-pass-1', userType: 'manager' }),
    ]);
  });

  it('keeps the session of an accepted login and goes home', async () => {
    const api = new FakeApi().on(login, () => ({
      isSuccess: true,
      token: { accessToken: 'access-1', refreshToken: 'refresh-1' },
      user,
    }));
    await renderScreen('/login', LoginScreen, api);
    await submit('grace@example.com', 'Rehab-2026-ok');
    await screen.findByText('elsewhere: /');
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('access-1'));
    expect(api.missing).toEqual([]);
  });
});
