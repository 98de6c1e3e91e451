import { changePasswordRequest, signUpForm } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldErrorsOfReply } from './issues.ts';

describe('fieldErrorsOf', () => {
  it('keeps the first message key of each field', () => {
    const errors = fieldErrorsOf(
      signUpForm.safeParse({
        userId: 'ab',
        firstName: '',
        lastName: 'Lee',
        userEmail: 'nope',
        userPassword: 'short',
        userPasswordConfirm: 'other',
        title: '',
        npiNumber: '1234567890',
        signatureImage: '',
        agreeTerms: false,
        agreePrivacy: true,
        agreePersonalInfo: true,
        agreeProvider: true,
      }),
    );
    expect(errors).toMatchObject({
      userId: 'validation.user_id_format',
      firstName: 'validation.required',
      userEmail: 'account.email_form_mismatch',
      userPassword: 'validation.password_length',
      title: 'validation.title_required',
      npiNumber: 'validation.npi_invalid',
      signatureImage: 'validation.required',
      agreeTerms: 'signup.terms_not_agreed',
    });
    expect(errors.lastName).toBeUndefined();
  });

  it('reports the confirmation mismatch once the rest is valid', () => {
    const errors = fieldErrorsOf(
      changePasswordRequest.safeParse({ currentPassword: 'Secret123!', newPassword: 'Secret123!' }),
    );
    expect(errors).toEqual({ newPassword: 'validation.password_same' });
  });

  it('is empty for valid input', () => {
    expect(fieldErrorsOf({ success: true })).toEqual({});
  });
});

describe('fieldErrorsOfReply', () => {
  it('maps server field issues by their top-level name', () => {
    expect(
      fieldErrorsOfReply([
        { path: 'userEmail', code: 'account.email_form_mismatch' },
        { path: 'userEmail', code: 'validation.required' },
        { path: 'npiNumber', code: 'validation.npi_invalid' },
      ]),
    ).toEqual({ userEmail: 'account.email_form_mismatch', npiNumber: 'validation.npi_invalid' });
  });
});
