import { describe, expect, it } from 'vitest';
import {
  isIdleTimerActive,
  requirePatientId,
  requirePaymentResult,
  requireSession,
  skipPaymentInfoAfterSuccess,
} from './guards.ts';

const at = (path: string): URL => new URL(path, 'http://localhost');

describe('requireSession', () => {
  it('lets a session in', () => {
    expect(requireSession(at('/options'), true)).toBeNull();
  });

  it('sends a visitor without an access token to the login screen', () => {
    expect(requireSession(at('/'), false)).toBe('/login');
    expect(requireSession(at('/patientList?id=4'), false)).toBe('/login');
  });

  it('keeps the lang query on the way to the login screen', () => {
    expect(requireSession(at('/?lang=ko'), false)).toBe('/login?lang=ko');
    expect(requireSession(at('/appointments?x=1&lang=zh-HK'), false)).toBe('/login?lang=zh-HK');
  });
});

describe('requirePatientId', () => {
  it('opens patient details with an id', () => {
    expect(requirePatientId(at('/patientList/details?id=12'))).toBeNull();
    expect(requirePatientId(at('/patientList/details/note?id=12&lang=cs'))).toBeNull();
  });

  it('sends details without an id back to the patient list', () => {
    expect(requirePatientId(at('/patientList/details'))).toBe('/patientList');
    expect(requirePatientId(at('/patientList/details/report?id='))).toBe('/patientList');
    expect(requirePatientId(at('/patientList/details/info?lang=ko'))).toBe('/patientList?lang=ko');
  });

  it('guards the medical record and category tabs too', () => {
    expect(requirePatientId(at('/patientList/details/record'))).toBe('/patientList');
    expect(requirePatientId(at('/patientList/details/categories?lang=cs'))).toBe('/patientList?lang=cs');
    expect(requirePatientId(at('/patientList/details/record?id=3'))).toBeNull();
  });
});

describe('requirePaymentResult', () => {
  it('opens the result page with a result parameter', () => {
    expect(requirePaymentResult(at('/payments/result?result=success'))).toBeNull();
  });

  it('sends a result page without a result to the options screen', () => {
    expect(requirePaymentResult(at('/payments/result'))).toBe('/options');
    expect(requirePaymentResult(at('/payments/result?lang=cs'))).toBe('/options?lang=cs');
  });
});

describe('skipPaymentInfoAfterSuccess', () => {
  it('skips payment info after a successful result page', () => {
    expect(skipPaymentInfoAfterSuccess({ fromPaymentResult: true, status: 'success' }, '', false)).toBe('/options');
    expect(skipPaymentInfoAfterSuccess({ fromPaymentResult: true, status: 'success' }, '?lang=ko', false)).toBe(
      '/options?lang=ko',
    );
  });

  it('skips payment info when coming back to the form of the plan just paid for', () => {
    expect(skipPaymentInfoAfterSuccess(null, '?lang=cs', true)).toBe('/options?lang=cs');
  });

  it('shows payment info otherwise', () => {
    expect(skipPaymentInfoAfterSuccess(null, '', false)).toBeNull();
    expect(skipPaymentInfoAfterSuccess({ fromPaymentResult: true, status: 'failure' }, '', false)).toBeNull();
    expect(skipPaymentInfoAfterSuccess({ status: 'success' }, '', false)).toBeNull();
  });
});

describe('isIdleTimerActive', () => {
  it('is off in the login area', () => {
    for (const path of ['/login', '/login/', '/login/findPassword', '/login/signUp']) {
      expect(isIdleTimerActive(path, true)).toBe(false);
    }
  });

  it('is on elsewhere with a session', () => {
    for (const path of ['/', '/appointments', '/options', '/remote', '/loginHelp']) {
      expect(isIdleTimerActive(path, true)).toBe(true);
    }
  });

  it('is off without a session', () => {
    expect(isIdleTimerActive('/options', false)).toBe(false);
  });
});
