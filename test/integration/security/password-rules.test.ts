import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, uniqueIdentity } from '../../support/users';

const register = (password: string) => {
  const { email, username } = uniqueIdentity('pw');
  return api('POST', '/api/auth/register', { body: { email, username, password, language: 'en' } });
};

describe('a new password', () => {
  it.each([
    ['eight spaces', ' '.repeat(8), 'Password must not consist of spaces only.'],
    ['eight NUL characters', '\u0000'.repeat(8), 'Password must not contain control characters.'],
    ['a tab inside', 'Correct\thorse-9', 'Password must not contain control characters.'],
    [
      'a common password',
      'Password123',
      'This password is one of the most common ones. Please choose another.',
    ],
    [
      'a common password in other case',
      'QWERTY123',
      'This password is one of the most common ones. Please choose another.',
    ],
  ])('is refused at registration when it is %s', async (_case, password, message) => {
    const answer = await register(password);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'password', msg: message })]);
  });

  it('is refused by change-password when it is common', async () => {
    const user = await createVerifiedUser();
    const answer = await api('POST', '/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'iloveyou1' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'newPassword' })]);
  });

  it('with spaces inside and an uncommon phrase is accepted', async () => {
    const answer = await register('correct horse battery staple');
    expect(answer.status).toBe(201);
  });
});
