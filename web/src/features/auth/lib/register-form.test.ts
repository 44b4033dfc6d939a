import { FIELD_RULES, ruleProblem } from '@shared/field-rules';
import { setupTestI18n } from '@web/testing/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_VALUES, mapRegisterServerErrors, validateRegister } from './register-form';

beforeAll(async () => {
  await setupTestI18n('en');
});

const valid = {
  ...EMPTY_REGISTER_VALUES,
  email: 'anna@example.com',
  username: 'anna_1',
  password: 'long-enough-7',
  confirmPassword: 'long-enough-7',
  invitationCode: 'FRIEND1',
  acceptTerms: true,
};

describe('register rules', () => {
  it('accepts a complete form', async () => {
    expect(await validateRegister(valid, false)).toEqual({});
  });

  it('reports every broken rule with its text key', async () => {
    const errors = await validateRegister(
      {
        ...EMPTY_REGISTER_VALUES,
        email: 'not-an-email',
        username: 'ab',
        password: 'short',
        confirmPassword: 'other',
      },
      false,
    );

    expect(errors).toEqual({
      email: 'validation.invalidEmail',
      username: 'validation.usernameLength',
      password: ruleProblem('passwordTooShort').msg,
      confirmPassword: 'validation.passwordsDoNotMatch',
      invitationCode: 'validation.invitationCodeRequired',
      terms: 'validation.acceptTerms',
    });
  });

  it.each([
    ['eight spaces', ' '.repeat(8), FIELD_RULES.passwordBlank.text],
    ['a control character', 'long-enough\u0000', FIELD_RULES.passwordControlCharacters.text],
    ['a common password in any case', 'PassWord1', FIELD_RULES.passwordTooCommon.text],
  ])("refuses a password of %s with the server's text", async (_case, password, message) => {
    expect(await validateRegister({ ...valid, password, confirmPassword: password }, false)).toEqual({
      password: message,
    });
  });

  it('refuses characters other than letters, digits and underscore in the username', async () => {
    expect(await validateRegister({ ...valid, username: 'anna-1' }, false)).toEqual({
      username: 'validation.usernameCharacters',
    });
  });

  it('does not require an invitation code when "no code" is ticked', async () => {
    expect(await validateRegister({ ...valid, invitationCode: '', noCode: true }, false)).toEqual({});
  });

  it('does not require an invitation code when a referral code is applied', async () => {
    expect(await validateRegister({ ...valid, invitationCode: '' }, true)).toEqual({});
  });
});

describe('register server errors', () => {
  it('maps field errors to their fields', () => {
    const mapped = mapRegisterServerErrors('Validation failed.', [
      { path: 'email', param: 'email', code: 'invalidEmail', msg: 'Please enter a valid email address.' },
      { path: 'username', param: 'username', code: 'usernameTaken', msg: 'This username is already taken.' },
    ]);

    expect(mapped).toEqual({
      email: 'Please enter a valid email address.',
      username: 'This username is already taken.',
    });
  });

  it('puts a refusal that blames no field, and a field the form lacks, above the form', () => {
    expect(mapRegisterServerErrors('Too many attempts from your network.', [])).toEqual({
      general: 'Too many attempts from your network.',
    });
    expect(
      mapRegisterServerErrors('Validation failed.', [
        { path: 'language', param: 'language', code: 'zod.invalid_union', msg: 'Invalid input' },
      ]),
    ).toEqual({ general: 'Invalid value.' });
  });
});
