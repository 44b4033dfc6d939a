import { findUserById, findUserByUsername } from '@functions/data/users';
import type { PublicUser } from '@shared/contract/users';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, uniqueIdentity } from '../../support/users';

const updateProfile = (token: string, body: Record<string, unknown>) =>
  api<PublicUser>('PUT', '/api/users/profile', { token, body });
const avatars = async () => (await api<string[]>('GET', '/api/misc/avatars')).body.data!;

describe('PUT /api/users/profile', () => {
  it('changes username, language and avatar and answers the updated user', async () => {
    const user = await createVerifiedUser();
    const [avatar] = await avatars();
    const username = uniqueIdentity('new').username;
    const answer = await updateProfile(user.token, {
      username: ` ${username} `,
      language: 'en',
      photo_url: avatar,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ username, language: 'en', photo_url: avatar });
    expect((await findUserByUsername(username))!.id).toBe(user.id);
  });

  it('frees the old username for others once changed', async () => {
    const user = await createVerifiedUser();
    await updateProfile(user.token, { username: uniqueIdentity('moved').username });
    expect(await findUserByUsername(user.username)).toBeUndefined();
  });

  it('keeps the username when it is sent blank', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { username: '   ', language: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.username).toBe(user.username);
  });

  it('allows changing only the case of the own username', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { username: user.username.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.username).toBe(user.username.toUpperCase());
  });

  it('refuses a username another user holds, in any case, with a field error on username', async () => {
    const [user, other] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
    const answer = await updateProfile(user.token, { username: other.username.toUpperCase() });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('refuses an invalid username with a field error', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { username: 'no spaces allowed' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('sets, trims and clears the Telegram contact, which staff then see on the user', async () => {
    const user = await createVerifiedUser();
    const set = await updateProfile(user.token, { telegramId: ' @e2e_contact ' });
    expect(set.status).toBe(200);
    expect(set.body.data!.telegramId).toBe('@e2e_contact');
    expect((await findUserById(user.id))!.telegramId).toBe('@e2e_contact');
    const phone = await updateProfile(user.token, { telegramId: '+420 123 456 789' });
    expect(phone.body.data!.telegramId).toBe('+420 123 456 789');
    const cleared = await updateProfile(user.token, { telegramId: '   ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data!.telegramId).toBeNull();
  });

  it('refuses a Telegram contact of the wrong shape with the apply field’s text', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { telegramId: 'not a contact' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'telegramId',
        msg: 'Telegram contact must be a username or a phone number.',
      }),
    ]);
    expect((await findUserById(user.id))!.telegramId ?? null).toBeNull();
  });

  it('refuses a language other than ru or en', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { language: 'de' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'language' })]);
  });

  it('refuses an avatar that is not one of /misc/avatars', async () => {
    const user = await createVerifiedUser();
    const answer = await updateProfile(user.token, { photo_url: 'https://evil.example/x.svg' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'photo_url' })]);
  });

  it('clears the avatar with null', async () => {
    const user = await createVerifiedUser();
    const [avatar] = await avatars();
    await updateProfile(user.token, { photo_url: avatar });
    const answer = await updateProfile(user.token, { photo_url: null });
    expect(answer.body.data!.photo_url).toBeNull();
  });

  it('requires a logged-in user', async () => {
    const answer = await api('PUT', '/api/users/profile', { body: { language: 'en' } });
    expect(answer.status).toBe(401);
  });

  const forbidden: Array<[string, unknown]> = [
    ['role', 'SUPER_ADMIN'],
    ['email', 'someone@example.test'],
    ['emailVerified', false],
    ['isActive', false],
    ['referralCount', 1000],
    ['referralCode', 'AAAAAAAA'],
    ['applicationCount', 99],
    ['adminComment', 'promote me'],
    ['id', 'other-id'],
    ['passwordHash', '$2b$10$abc'],
    ['sessionEpoch', 0],
    ['__proto__', { role: 'SUPER_ADMIN' }],
  ];
  for (const [field, value] of forbidden) {
    it(`never applies ${field} sent to the profile call`, async () => {
      const user = await createVerifiedUser();
      const before = await findUserById(user.id, true);
      const rawBody = `{"language":"en",${JSON.stringify(field)}:${JSON.stringify(value)}}`;
      const answer = await api('PUT', '/api/users/profile', {
        token: user.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      const after = await findUserById(user.id, true);
      expect(answer.status).toBe(400);
      expect(after).toEqual(before);
    });
  }
});
