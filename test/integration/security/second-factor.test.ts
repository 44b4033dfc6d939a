import { login as loginDomain } from '@functions/domain/accounts/login';
import { completeMfaLogin } from '@functions/domain/accounts/sign-in';
import { LIMITS } from '@functions/domain/accounts/throttling';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import {
  createVerifiedUser,
  loginAs,
  TEST_PASSWORD,
  type TestUser,
  uniqueIdentity,
} from '../../support/users';
import { login, mailedToken } from '../auth/flows';

/**
 * The security review's findings on the second factor (round 3): it cannot be brute-forced across
 * password logins, skipped through a verification link, enrolled or removed with a stolen access
 * token alone, and a login's code step does not outlive a password reset.
 */
const MINUTE = 60_000;
const withPassword = { currentPassword: TEST_PASSWORD };

function codeFor(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

async function withMfa(user: TestUser): Promise<string> {
  const setup = await api<{ secret: string }>('POST', '/api/auth/mfa/setup', {
    token: user.token,
    body: withPassword,
  });
  const secret = setup.body.data!.secret;
  const enabled = await api('POST', '/api/auth/mfa/enable', {
    token: user.token,
    body: { code: codeFor(secret), ...withPassword },
  });
  expect(enabled.status).toBe(200);
  return secret;
}

async function mfaTokenOf(user: TestUser): Promise<string> {
  const answer = await login(user.email, TEST_PASSWORD);
  return (answer.body.data as unknown as { mfaToken: string }).mfaToken;
}

const verify = (mfaToken: string, code: string) =>
  api<{ token: string }>('POST', '/api/auth/mfa/verify', { body: { mfaToken, code } });

describe('the code step cannot be brute-forced', () => {
  it('locks the factor after 5 wrong codes spread over several password logins, until the lock ends', async () => {
    const user = await createVerifiedUser();
    const secret = await withMfa(user);
    // Each cycle logs in with the right password (which clears the password's failures) and
    // sends 2 wrong codes: 5 wrong codes in 3 cycles.
    const statuses: number[] = [];
    for (const wrong of [2, 2, 1]) {
      const mfaToken = await mfaTokenOf(user);
      for (let index = 0; index < wrong; index += 1) statuses.push((await verify(mfaToken, '000000')).status);
    }
    expect(statuses).toEqual(Array(LIMITS.factorFailures.max).fill(400));

    const refused = await verify(await mfaTokenOf(user), codeFor(secret, Date.now() + 30_000));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // After the lock, a new login and the right code open a session.
    const later = new Date(Date.now() + LIMITS.factorFailures.lockMs + MINUTE);
    const step = await loginDomain({
      loginIdentifier: user.email,
      password: TEST_PASSWORD,
      ip: '198.51.100.20',
      now: later,
    });
    expect(step).toHaveProperty('mfaToken');
    const session = await completeMfaLogin({
      mfaToken: (step as { mfaToken: string }).mfaToken,
      code: codeFor(secret, later.getTime()),
      ip: '198.51.100.20',
      now: later,
    });
    expect(session.token).toEqual(expect.any(String));
  });

  it('refuses the right code on turning the factor off after 5 wrong ones', async () => {
    const user = await createVerifiedUser();
    const secret = await withMfa(user);
    for (let attempt = 0; attempt < LIMITS.factorFailures.max; attempt += 1) {
      const wrong = await api('POST', '/api/auth/mfa/disable', {
        token: user.token,
        body: { code: '111111', ...withPassword },
      });
      expect(wrong.status).toBe(400);
    }

    const right = await api('POST', '/api/auth/mfa/disable', {
      token: user.token,
      body: { code: codeFor(secret, Date.now() + 30_000), ...withPassword },
    });

    expect(right.status).toBe(429);
    expect(
      (await api<{ user: { mfaEnabled: boolean } }>('GET', '/api/auth/me', { token: user.token })).body.data!
        .user.mfaEnabled,
    ).toBe(true);
  });
});

describe('every way into a session asks for the code', () => {
  it('answers a verification link of an account with a second factor with the code step, not a session', async () => {
    const superAdmin = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const secret = await withMfa(manager);
    const newAddress = uniqueIdentity('moved').email;
    const moved = await api('PUT', `/api/admin/users/${manager.id}`, {
      token: superAdmin.token,
      body: { email: newAddress },
    });
    expect(moved.status).toBe(200);
    await api('POST', '/api/auth/resend-verification', { body: { email: newAddress } });

    const verified = await api<Record<string, unknown>>('POST', '/api/auth/verify-email', {
      body: { token: await mailedToken(newAddress, 'verify-email'), password: TEST_PASSWORD },
    });

    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    const session = await verify(
      verified.body.data!.mfaToken as string,
      codeFor(secret, Date.now() + 30_000),
    );
    expect(session.status).toBe(200);
    expect((await api('GET', '/api/admin/applications', { token: session.body.data!.token })).status).toBe(
      200,
    );
  });

  it("refuses a login's code step once the password was reset", async () => {
    const user = await createVerifiedUser();
    const secret = await withMfa(user);
    const heldByAnAttacker = await mfaTokenOf(user);
    const { requestPasswordReset } = await import('@functions/domain/accounts/forgot-password');
    await requestPasswordReset({ email: user.email, ip: '198.51.100.21' });
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(user.email, 'reset-password'), password: 'Owner-new-pass-77' },
    });
    expect(reset.status).toBe(200);

    const answer = await verify(heldByAnAttacker, codeFor(secret, Date.now() + 30_000));

    expect(answer.status).toBe(401);
  });
});

describe('enrolment needs the password, not only a token', () => {
  it('refuses set-up, enabling and turning off without the password, or with a wrong one', async () => {
    const user = await createVerifiedUser();
    const noPassword = await api('POST', '/api/auth/mfa/setup', { token: user.token, body: {} });
    const wrongPassword = await api<unknown>('POST', '/api/auth/mfa/setup', {
      token: user.token,
      body: { currentPassword: 'Not-the-password-1' },
    });
    const enableWithout = await api('POST', '/api/auth/mfa/enable', {
      token: user.token,
      body: { code: '123456' },
    });
    const disableWithout = await api('POST', '/api/auth/mfa/disable', {
      token: user.token,
      body: { code: '123456' },
    });

    expect(noPassword.status).toBe(400);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([expect.objectContaining({ path: 'currentPassword' })]);
    expect(enableWithout.status).toBe(400);
    expect(disableWithout.status).toBe(400);
  });

  it("ends the account's other sessions when it is turned on, and keeps the caller's", async () => {
    const user = await createVerifiedUser();
    const other = await loginAs(user.email);

    await withMfa(user);

    expect((await api('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: other.token })).status).toBe(401);
    const refreshed = await api('POST', '/api/auth/refresh', {
      body: { refreshTokenFromBody: other.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });
});
