import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { findUserByEmail, findUserById } from '@functions/data/users';
import { REFERRAL_CODE_ALPHABET } from '@functions/domain/accounts/secrets';
import { ownUserSchema } from '@shared/contract/users';
import { describe, expect, it } from 'vitest';
import { api, asNewVisitor } from '../../support/api';
import { latestMailTo } from '../../support/mail';
import { TEST_PASSWORD_HASH_COST } from '../../support/stack-process';
import { createVerifiedUser, TEST_PASSWORD, uniqueIdentity } from '../../support/users';
import { login, mailedToken, me, registerThroughApi, verifyThroughApi } from './flows';

const register = (body: Record<string, unknown>) =>
  api('POST', '/api/auth/register', { body, headers: asNewVisitor() });

describe('registration happy path', () => {
  it('registers, mails a verification link, verifies through it and is then logged in', async () => {
    const identity = uniqueIdentity('hp');
    const registered = await register({ ...identity, password: TEST_PASSWORD });
    const token = await mailedToken(identity.email, 'verify-email');
    const verified = await verifyThroughApi(token);
    const current = await me(verified.body.data!.token);

    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ userId: expect.any(String), verificationEmailSent: true });
    expect(registered.body.data).not.toHaveProperty('token');
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Email verified successfully!');
    expect(verified.body.data!.user).toMatchObject({
      email: identity.email,
      emailVerified: true,
      role: 'USER',
    });
    expect(verified.body.data!.refreshToken).toEqual(expect.any(String));
    expect(current.body.data!.user.id).toBe((registered.body.data as { userId: string }).userId);
  });

  it('sends the verification mail in Russian by default, with a text and an HTML part and the site link', async () => {
    const { email } = await registerThroughApi();
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Подтвердите email');
    expect(mail.body.text).toMatch(/\/verify-email#token=[A-Za-z0-9_-]{43}/);
    expect(mail.body.html).toContain('/verify-email#token=');
    expect(mail.body.text).toContain(process.env.SITE_URL);
  });

  it('sends the verification mail in English when the user registers with language en', async () => {
    const identity = uniqueIdentity('en');
    await register({ ...identity, password: TEST_PASSWORD, language: 'en' });
    const mail = await latestMailTo(identity.email);
    expect(mail.subject).toBe('Confirm your email');
  });

  it('does not log the user in before the email is verified', async () => {
    const { email, password } = await registerThroughApi();
    const answer = await login(email, password);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      'Your email is not verified. Please check your inbox or request to resend the verification email.',
    );
  });

  it('stores the email trimmed and lower-cased', async () => {
    const identity = uniqueIdentity('cs');
    const answer = await register({
      ...identity,
      email: `  ${identity.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    const stored = await findUserById((answer.body.data as { userId: string }).userId);
    expect(stored!.email).toBe(identity.email);
  });

  it('gives every user a unique 8-character referral code from an unambiguous alphabet', async () => {
    const first = await registerThroughApi();
    const second = await registerThroughApi();
    const codes = [
      (await findUserById(first.userId))!.referralCode!,
      (await findUserById(second.userId))!.referralCode!,
    ];
    expect(codes[0]).not.toBe(codes[1]);
    for (const code of codes) {
      expect(code).toHaveLength(8);
      expect([...code].every((char) => REFERRAL_CODE_ALPHABET.includes(char))).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('keeps no secret in the user item other than the password hash, and that never in a clear form', async () => {
    const { userId } = await registerThroughApi();
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.user(userId) }));
    // bcrypt at the stack's work factor (deployed functions hash at BCRYPT_COST: test/infra/api-stack.test.ts).
    expect(Item!.passwordHash).toMatch(new RegExp(`^\\$2b\\$0${TEST_PASSWORD_HASH_COST}\\$`));
    expect(JSON.stringify(Item)).not.toContain(TEST_PASSWORD);
  });
});

describe('registration validation (docs/product.md §5)', () => {
  const valid = () => ({ ...uniqueIdentity('v'), password: TEST_PASSWORD });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an email without @', { email: 'not-an-email' }, 'email'],
    ['a missing email', { email: undefined }, 'email'],
    ['a username of 2 characters', { username: 'ab' }, 'username'],
    ['a username of 31 characters', { username: 'a'.repeat(31) }, 'username'],
    ['a username with a hyphen', { username: 'bad-name' }, 'username'],
    ['a username with a space', { username: 'bad name' }, 'username'],
    ['a password of 7 characters', { password: 'Seven77' }, 'password'],
    ['a password of 129 characters', { password: 'p'.repeat(129) }, 'password'],
    ['a password that is not a string', { password: 12345678 }, 'password'],
  ];
  for (const [name, override, field] of cases) {
    it(`refuses ${name} with a field error on ${field}`, async () => {
      const answer = await register({ ...valid(), ...override });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field, msg: expect.any(String) })]),
      );
    });
  }

  it('accepts usernames of exactly 3 and 30 characters of letters, digits and underscore', async () => {
    const tag = uniqueIdentity('x').username;
    const three = await register({ ...valid(), username: `${tag.slice(-2)}_` });
    const thirty = await register({ ...valid(), username: `Ab_${tag}`.padEnd(30, '9').slice(0, 30) });
    expect([three.status, thirty.status]).toEqual([201, 201]);
  });

  it('refuses an unknown field instead of storing it (role cannot be chosen at registration)', async () => {
    const body = { ...valid(), role: 'SUPER_ADMIN' };
    const answer = await register(body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'role' })]);
    expect(await findUserByEmail(body.email)).toBeUndefined();
  });
});

describe('passwords of 8, 64 and 100 characters', () => {
  for (const length of [8, 64, 100]) {
    it(`registers and logs in with a password of ${length} characters`, async () => {
      const password = 'Pw9!'.repeat(32).slice(0, length);
      const user = await registerThroughApi({ password });
      await verifyThroughApi(await mailedToken(user.email, 'verify-email'), password);
      const answer = await login(user.username, password);
      expect(answer.status).toBe(200);
    });
  }

  it('does not truncate at bcrypt’s 72 bytes: a password differing only after byte 72 is refused', async () => {
    const password = `${'a'.repeat(80)}-tail-one`;
    const user = await registerThroughApi({ password });
    await verifyThroughApi(await mailedToken(user.email, 'verify-email'), password);
    const answer = await login(user.email, `${'a'.repeat(80)}-tail-two`);
    expect(answer.status).toBe(401);
  });
});

describe('uniqueness', () => {
  it('refuses a second account with the verified email of another, in another case, with a field error on email', async () => {
    const first = await createVerifiedUser();
    const answer = await register({
      ...uniqueIdentity('d'),
      email: first.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Registration failed.');
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'email' })]);
  });

  it('refuses a second account with the same username in another case, with a field error on username', async () => {
    const first = await registerThroughApi();
    const answer = await register({
      ...uniqueIdentity('d'),
      username: first.username.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('keeps exactly one account out of ten parallel registrations with one email', async () => {
    const { email } = uniqueIdentity('par');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => register({ ...uniqueIdentity('p'), email, password: TEST_PASSWORD })),
    );
    // The first creates the account; the others take it over while it is unverified, or lose the race (409).
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const created = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => answer.body.data as { userId: string });
    expect(created.length).toBeGreaterThanOrEqual(1);
    const account = (await findUserByEmail(email))!;
    expect(new Set(created.map((data) => data.userId))).toEqual(new Set([account.id]));
  });
});

describe('invitation codes and referral counting', () => {
  it('counts a registration with an inviter’s code once the invited address is verified', async () => {
    const inviter = await createVerifiedUser();
    const first = await registerThroughApi({ invitationCode: inviter.referralCode });
    const second = await registerThroughApi({ invitationCode: inviter.referralCode.toLowerCase() });
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(0);

    await verifyThroughApi(await mailedToken(first.email, 'verify-email'));
    await verifyThroughApi(await mailedToken(second.email, 'verify-email'));

    expect((await findUserById(inviter.id, true))!.referralCount).toBe(2);
  });

  it('does not count throwaway registrations that are never verified', async () => {
    const inviter = await createVerifiedUser();
    for (let index = 0; index < 5; index += 1)
      await registerThroughApi({ invitationCode: inviter.referralCode });
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(0);
  });

  it('counts a referral once when the address is verified by a password reset', async () => {
    const inviter = await createVerifiedUser();
    const invited = await registerThroughApi({ invitationCode: inviter.referralCode });
    const verificationToken = await mailedToken(invited.email, 'verify-email');
    await api('POST', '/api/auth/forgot-password', { body: { email: invited.email } });
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(invited.email, 'reset-password'), password: 'Another-strong-9' },
    });
    expect(reset.status).toBe(200);
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(1);
    const verify = await verifyThroughApi(verificationToken);
    expect(verify.status).toBe(400);
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(1);
  });

  it('records who invited the new user', async () => {
    const inviter = await createVerifiedUser();
    const { userId } = await registerThroughApi({ invitationCode: inviter.referralCode });
    expect((await findUserById(userId))!.invitedBy).toBe(inviter.id);
  });

  it('refuses an unknown invitation code with a field error on invitationCode and creates nobody', async () => {
    const identity = uniqueIdentity('ic');
    const answer = await register({ ...identity, password: TEST_PASSWORD, invitationCode: 'ZZZZZZZZ' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'invitationCode' })]);
    expect(await findUserByEmail(identity.email)).toBeUndefined();
  });

  it('refuses the code of a deactivated user', async () => {
    const inviter = await createVerifiedUser({ isActive: false });
    const answer = await register({
      ...uniqueIdentity('ic'),
      password: TEST_PASSWORD,
      invitationCode: inviter.referralCode,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'invitationCode' })]);
  });

  it('registers without an inviter when the code is absent, null or blank', async () => {
    const answers = await Promise.all([
      register({ ...uniqueIdentity('n'), password: TEST_PASSWORD }),
      register({ ...uniqueIdentity('n'), password: TEST_PASSWORD, invitationCode: null }),
      register({ ...uniqueIdentity('n'), password: TEST_PASSWORD, invitationCode: '  ' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
  });
});

describe('the user object clients see', () => {
  it('has exactly the spec’s User fields, less those only staff may read', async () => {
    const user = await createVerifiedUser();
    const answer = await me(user.token);
    expect(Object.keys(answer.body.data!.user).sort()).toEqual(Object.keys(ownUserSchema.shape).sort());
    expect(JSON.stringify(answer.body)).not.toMatch(
      /passwordHash|sessionEpoch|usernameLower|invitedBy|gsi1pk|"pk"/,
    );
  });
});
