import { windowHits } from '@functions/data/throttle';
import { findUserByEmail } from '@functions/data/users';
import { login as loginDomain } from '@functions/domain/accounts/login';
import { LIMITS } from '@functions/domain/accounts/throttling';
import { refusalOf } from '@functions/pipeline/middleware/error-mapper';
import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { refusal } from '../../support/refusals';
import { createVerifiedUser, TEST_PASSWORD, uniqueIdentity } from '../../support/users';
import { login, mailedToken, me } from './flows';
import { hitWindowForTest } from './throttle-support';

const INVALID = 'Login failed. Check your email or username and password.';

describe('POST /api/auth/login', () => {
  it('logs in with the email in any case and answers the user and both tokens', async () => {
    const user = await createVerifiedUser();
    const answer = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user.id).toBe(user.id);
    expect(answer.body.data!.token.split('.')).toHaveLength(3);
    expect(answer.body.data!.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('logs in with the username in any case', async () => {
    const user = await createVerifiedUser();
    const answer = await login(` ${user.username.toUpperCase()} `, TEST_PASSWORD);
    expect(answer.status).toBe(200);
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const user = await createVerifiedUser();
    const wrongPassword = await login(user.email, 'Wrong-password-1');
    const unknownUser = await login(uniqueIdentity('nobody').email, 'Wrong-password-1');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({ success: false, code: 'InvalidCredentials', message: INVALID });
  });

  it('takes comparable time for an unknown user and a wrong password (both run bcrypt)', async () => {
    // Without the dummy comparison an unknown user would answer in a few milliseconds, about a
    // twentieth of a bcrypt comparison; the bounds are loose because the suite runs in parallel.
    const user = await createVerifiedUser();
    const time = async (identifier: string) => {
      const started = performance.now();
      await login(identifier, 'Wrong-password-2');
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await time(user.username));
      unknown.push(await time(uniqueIdentity('ghost').username));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('refuses a wrong password for an unverified account with the generic answer, not the unverified one', async () => {
    const user = await createVerifiedUser({ emailVerified: false });
    const answer = await login(user.email, 'Wrong-password-3');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(INVALID);
  });

  it('refuses an unverified account with the right password with 403 and the spec text', async () => {
    const user = await createVerifiedUser({ emailVerified: false });
    const answer = await login(user.email, TEST_PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      'Your email is not verified. Please check your inbox or request to resend the verification email.',
    );
  });

  it('refuses a deactivated account with the right password with 403', async () => {
    const user = await createVerifiedUser({ isActive: false });
    const answer = await login(user.email, TEST_PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Your account is deactivated.');
  });

  it('refuses missing fields with the spec texts', async () => {
    const answer = await api('POST', '/api/auth/login', { body: { loginIdentifier: '  ', password: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('ValidationFailed');
    expect(answer.body.errors).toEqual([
      {
        path: 'loginIdentifier',
        param: 'loginIdentifier',
        code: 'identifierRequired',
        msg: 'Email or Username is required.',
      },
      { path: 'password', param: 'password', code: 'allFieldsRequired', msg: 'All fields are required.' },
    ]);
  });
});

describe('account lockout', () => {
  // The failures come from a test address through the domain function, so the suite's shared
  // 127.0.0.1 does not collect failures that would throttle other tests' logins.
  const failFiveTimes = async (identifier: string) => {
    const ip = `test-ip-${runId()}`;
    for (let attempt = 0; attempt < LIMITS.accountFailures.max; attempt += 1) {
      await loginDomain({ loginIdentifier: identifier, password: `Wrong-password-${attempt}`, ip }).catch(
        () => undefined,
      );
    }
  };

  it('refuses even the right password with 429 and Retry-After after 5 failures within 15 minutes', async () => {
    const user = await createVerifiedUser();
    await failFiveTimes(user.email);
    const answer = await login(user.email, TEST_PASSWORD);
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('AccountLocked');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(900);
  });

  it('locks the account whichever identifier the failures used', async () => {
    const user = await createVerifiedUser();
    await failFiveTimes(user.username);
    const answer = await login(user.email, TEST_PASSWORD);
    expect(answer.status).toBe(429);
  });

  it('locks an unknown identifier the same way, so the lock reveals no account', async () => {
    const { email } = uniqueIdentity('nolock');
    await failFiveTimes(email);
    const answer = await login(email, TEST_PASSWORD);
    expect(answer.status).toBe(429);
  });

  it('lets the user in again after the lock ends', async () => {
    const user = await createVerifiedUser();
    const now = new Date();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await loginDomain({
        loginIdentifier: user.email,
        password: 'nope-nope',
        ip: '198.51.100.1',
        now,
      }).catch(() => undefined);
    }
    const later = new Date(now.getTime() + LIMITS.accountFailures.lockMs + 1000);
    const session = await loginDomain({
      loginIdentifier: user.email,
      password: TEST_PASSWORD,
      ip: '198.51.100.1',
      now: later,
    });
    expect('user' in session && session.user.id).toBe(user.id);
  });

  it('still lets a locked user reset the password, which lifts the lock', async () => {
    const user = await createVerifiedUser();
    await failFiveTimes(user.email);
    await api('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await mailedToken(user.email, 'reset-password');
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token, password: 'Brand-new-pass-1' },
    });
    const answer = await login(user.email, 'Brand-new-pass-1');
    expect(reset.status).toBe(200);
    expect(answer.status).toBe(200);
  });

  it('lets a parallel burst of wrong passwords make no more than 5 tries, then locks the account', async () => {
    const user = await createVerifiedUser();
    const ip = `test-ip-${runId()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        loginDomain({ loginIdentifier: user.email, password: `Wrong-burst-${index}`, ip }).then(
          () => 200,
          (error: unknown) => refusalOf(error)?.status,
        ),
      ),
    );
    const answer = await login(user.email, TEST_PASSWORD);
    expect(outcomes.filter((status) => status === 401)).toHaveLength(LIMITS.accountFailures.max);
    expect(outcomes.filter((status) => status === 429)).toHaveLength(20 - LIMITS.accountFailures.max);
    expect(answer.status).toBe(429);
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await createVerifiedUser();
    const ip = `test-ip-${runId()}`;
    const attempt = (password: string) =>
      loginDomain({ loginIdentifier: user.email, password, ip }).then(
        () => 'ok',
        (error: unknown) => refusalOf(error)?.status,
      );
    for (let index = 0; index < 4; index += 1) await attempt('Wrong-password-x');
    await attempt(TEST_PASSWORD);
    await attempt('Wrong-password-y');
    expect(await attempt(TEST_PASSWORD)).toBe('ok');
  });
});

describe('per-address login limit', () => {
  it('refuses logins from an address after 100 failures in its window, with Retry-After', async () => {
    const ip = `test-ip-${runId()}`;
    const user = await createVerifiedUser();
    await hitWindowForTest('login-ip', ip, LIMITS.loginFailuresPerIp.max, LIMITS.loginFailuresPerIp.windowMs);
    const attempt = loginDomain({ loginIdentifier: user.email, password: TEST_PASSWORD, ip });
    expect(await refusal(attempt)).toMatchObject({
      status: 429,
      headers: { 'Retry-After': expect.any(String) },
    });
  });

  it('does not count successful logins from the address', async () => {
    const user = await createVerifiedUser();
    const ip = `test-ip-${runId()}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await loginDomain({ loginIdentifier: user.email, password: TEST_PASSWORD, ip });
    }
    expect((await windowHits('login-ip', ip, LIMITS.loginFailuresPerIp.windowMs)).hits).toBe(0);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token', async () => {
    const answer = await api('GET', '/api/auth/me');
    expect(answer.status).toBe(401);
  });

  it('returns the stored user for a valid token', async () => {
    const user = await createVerifiedUser();
    const answer = await me(user.token);
    const { adminComment: _staffOnly, ...ownView } = user.user;
    expect(answer.body.data!.user).toEqual({
      ...ownView,
      mfaSetupRequired: false,
      telegramAccount: null,
      onShiftSince: null,
    });
    expect((await findUserByEmail(user.email))!.id).toBe(user.id);
  });
});
