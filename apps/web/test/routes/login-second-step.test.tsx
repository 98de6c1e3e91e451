// @vitest-environment happy-dom
import { completeLogin, FailedCode, login, messages } from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as LoginScreen } from '../../src/app/routes/login.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const challenge = 'challenge-of-the-password-step';

function secondStepApi(): FakeApi {
  return new FakeApi().on(login, () => ({
    isSuccess: false,
    failedCode: FailedCode.SecondFactorRequired,
    message: messages.en.US0301,
    secondStep: { challenge, methods: ['totp', 'recovery_code'], expiresInSeconds: 300 },
  }));
}

/** Logs in with the password and waits for the second step. */
async function reachSecondStep(api: FakeApi): Promise<void> {
  await renderScreen('/login', LoginScreen, api);
  fireEvent.change(await screen.findByLabelText(en.login.loginId), { target: { value: 'grace@example.com' } });
  fireEvent.change(screen.getByLabelText(en.login.password), { target: { value: 'Rehab-2026-ok' } });
  fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
  await screen.findByRole('heading', { name: en.secondFactor.login.title });
}

function enterCode(label: string, code: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: en.secondFactor.login.submit }));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the login's second step", { timeout: screenTestTimeout }, () => {
  it('checks the code as the complete-login request, and shows a refusal until the code changes', async () => {
    const api = secondStepApi().on(completeLogin, () => ({
      isSuccess: false,
      failedCode: FailedCode.WrongSecondFactorCode,
      message: messages.en.US0303,
    }));
    await reachSecondStep(api);

    enterCode(en.secondFactor.code, '12');
    await screen.findByText(messages.en['validation.totp_code']);
    expect(api.callsOf(completeLogin)).toEqual([]);

    enterCode(en.secondFactor.code, ' 123 456 ');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.en.US0303);
    expect(screen.queryByText(messages.en['validation.totp_code'])).toBeNull();
    expect(api.callsOf(completeLogin)).toEqual([{ challenge, method: 'totp', code: '123456' }]);

    fireEvent.change(screen.getByLabelText(en.secondFactor.code), { target: { value: '654321' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('takes a recovery code, and goes back to the password when the step ran out', async () => {
    const api = secondStepApi().on(completeLogin, () => ({
      isSuccess: false,
      failedCode: FailedCode.LoginStepExpired,
      message: messages.en.US0304,
    }));
    await reachSecondStep(api);
    fireEvent.click(screen.getByRole('button', { name: en.secondFactor.login.useRecoveryCode }));

    enterCode(en.secondFactor.recoveryCode, 'abc');
    await screen.findByText(messages.en['validation.recovery_code']);
    expect(api.callsOf(completeLogin)).toEqual([]);

    enterCode(en.secondFactor.recoveryCode, 'ABCDE-12345');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.en.US0304);
    expect(api.callsOf(completeLogin)).toEqual([{ challenge, method: 'recovery_code', code: 'abcde12345' }]);
    expect(screen.getByLabelText<HTMLInputElement>(en.login.password).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>(en.login.loginId).value).toBe('grace@example.com');
  });
});
