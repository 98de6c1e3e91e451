import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUpForm } from './user.ts';
import {
  emailField,
  nameField,
  passwordField,
  uploadIdOf,
  uploadPathField,
  uploadPathOf,
  userIdField,
} from './validation.ts';
import { matchLanguage, languageFromAcceptLanguage } from './rules.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('password rule (SPEC 5)', () => {
  const valid = fc
    .tuple(
      fc.stringMatching(/^[a-z]{1,10}$/),
      fc.stringMatching(/^[A-Z]{1,10}$/),
      fc.stringMatching(/^\d{1,10}$/),
      fc.stringMatching(/^[!-/:-@[-`{-~]{0,10}$/),
    )
    .map((parts) => parts.join(''))
    .filter((value) => value.length >= 8 && value.length <= 50);

  it('accepts 8-50 characters with a digit, an upper and a lower case letter', () => {
    fc.assert(
      fc.property(valid, (value) => {
        expect(passwordField.safeParse(value).success).toBe(true);
      }),
      { seed: 1 },
    );
  });

  it('names what is missing', () => {
    expect(firstMessage(passwordField.safeParse('Ab1'))).toBe('validation.password_length');
    expect(firstMessage(passwordField.safeParse(`Ab1${'x'.repeat(48)}`))).toBe('validation.password_length');
    expect(firstMessage(passwordField.safeParse('abcdefgh1'))).toBe('validation.password_case');
    expect(firstMessage(passwordField.safeParse('ABCDEFGH1'))).toBe('validation.password_case');
    expect(firstMessage(passwordField.safeParse('Abcdefghi'))).toBe('validation.password_digit');
    expect(firstMessage(passwordField.safeParse('Abc defg1'))).toBe('validation.password_chars');
    expect(firstMessage(passwordField.safeParse(''))).toBe('validation.required');
  });

  it('refuses anything without a digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z!-/]{8,50}$/), (value) => {
        expect(passwordField.safeParse(value).success).toBe(false);
      }),
      { seed: 2 },
    );
  });
});

describe('e-mail rule (SPEC 5)', () => {
  it('needs a valid address longer than 5 characters, and lowers its case', () => {
    expect(emailField.parse(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(firstMessage(emailField.safeParse('a@b.c'))).toBe('account.email_form_mismatch');
    expect(firstMessage(emailField.safeParse('not-an-address'))).toBe('account.email_form_mismatch');
    expect(firstMessage(emailField.safeParse(''))).toBe('validation.required');
  });
});

describe('names and IDs', () => {
  it('takes names of 1 to 50 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (value) => {
        const trimmed = value.trim();
        expect(nameField.safeParse(value).success).toBe(trimmed.length >= 1 && trimmed.length <= 50);
      }),
      { seed: 3 },
    );
  });

  it('takes IDs of 4 to 50 safe characters', () => {
    expect(userIdField.parse('Dr.Kim_01')).toBe('dr.kim_01');
    expect(userIdField.safeParse('abc').success).toBe(false);
    expect(userIdField.safeParse('.abcd').success).toBe(false);
    expect(userIdField.safeParse('ab cd').success).toBe(false);
  });
});

describe('ids taken from a served path', () => {
  it('parses the id of every path the server makes and refuses any other string', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(uploadIdOf(uploadPathOf(id))).toBe(id);
        expect(uploadPathField.safeParse(uploadPathOf(id)).success).toBe(true);
      }),
    );
    for (const path of [
      '/api/storage/file/0-d70c813-5a16c3454867b0-7c9d4624a35',
      `/api/storage/file/${'-'.repeat(36)}`,
      '/api/storage/file/D70C8135-A16C-3454-867B-07C9D4624A35',
      '/api/storage/file/d70c8135-a16c-3454-867b-07c9d4624a35/x',
      'https://elsewhere.example/api/storage/file/d70c8135-a16c-3454-867b-07c9d4624a35',
    ]) {
      expect(uploadIdOf(path)).toBeUndefined();
      expect(firstMessage(uploadPathField.safeParse(path))).toBe('validation.invalid');
    }
  });
});

describe('sign-up form', () => {
  it('needs the confirmation to match and every agreement', () => {
    const result = signUpForm.safeParse({
      userId: 'drkim',
      firstName: 'Min',
      lastName: 'Kim',
      userEmail: 'kim@example.com',
      userPassword: 'Rehab-2026',
      userPasswordConfirm: 'Rehab-2027',
      title: 'MD',
      npiNumber: '1234567893',
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      agreeTerms: true,
      agreePrivacy: true,
      agreePersonalInfo: false,
      agreeProvider: true,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      agreePersonalInfo: 'signup.terms_not_agreed',
      userPasswordConfirm: 'validation.password_mismatch',
    });
  });
});

describe('language matching', () => {
  it('maps browser tags to our four languages', () => {
    expect(matchLanguage('ko-KR')).toBe('ko');
    expect(matchLanguage('zh-hk')).toBe('zh-HK');
    expect(matchLanguage('zh-Hant-TW')).toBe('zh-HK');
    expect(matchLanguage('cs-CZ')).toBe('cs');
    expect(matchLanguage('de-DE')).toBeUndefined();
    expect(languageFromAcceptLanguage('de-DE,ko;q=0.8')).toBe('ko');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
