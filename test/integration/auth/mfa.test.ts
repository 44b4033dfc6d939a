import { findUserById } from '@functions/data/users';
import { LIMITS } from '@functions/domain/accounts/throttling';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, TEST_PASSWORD, type TestUser } from '../../support/users';
import { login } from './flows';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });
}

const withPassword = { currentPassword: TEST_PASSWORD };

async function withMfa(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api<{ secret: string; otpauthUrl: string }>('POST', '/api/auth/mfa/setup', {
    token: user.token,
    body: withPassword,
  });
  const { secret } = setup.body.data!;
  const enabled = await api<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/enable', {
    token: user.token,
    body: { code: codeFor(secret), ...withPassword },
  });
  if (enabled.status !== 200) throw new Error(`enable failed: ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.data!.recoveryCodes };
}

const verify = (mfaToken: string, code: string) =>
  api<{ token: string; user: { mfaEnabled: boolean } }>('POST', '/api/auth/mfa/verify', {
    body: { mfaToken, code },
  });

async function mfaTokenOf(user: TestUser): Promise<string> {
  const answer = await login(user.email, TEST_PASSWORD);
  expect(answer.status).toBe(200);
  const data = answer.body.data as unknown as { mfaRequired: true; mfaToken: string };
  expect(data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return data.mfaToken;
}

describe('setting up TOTP', () => {
  it('answers a base32 secret and the otpauth URL apps scan, and stores the secret sealed', async () => {
    const user = await createVerifiedUser({ role: 'MANAGER' });
    const answer = await api<{ secret: string; otpauthUrl: string }>('POST', '/api/auth/mfa/setup', {
      token: user.token,
      body: withPassword,
    });
    expect(answer.status).toBe(200);
    const { secret, otpauthUrl } = answer.body.data!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    const stored = await findUserById(user.id, true);
    expect(stored!.mfaPendingSecret).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored!.mfaEnabled).toBeUndefined();
  });

  it('turns on only with a right code, and answers 10 recovery codes stored as hashes', async () => {
    const user = await createVerifiedUser();
    const setup = await api<{ secret: string }>('POST', '/api/auth/mfa/setup', {
      token: user.token,
      body: withPassword,
    });
    const wrong = await api('POST', '/api/auth/mfa/enable', {
      token: user.token,
      body: { code: '000000', ...withPassword },
    });
    expect(wrong.status).toBe(400);
    const enabled = await api<{ recoveryCodes: string[] }>('POST', '/api/auth/mfa/enable', {
      token: user.token,
      body: { code: codeFor(setup.body.data!.secret), ...withPassword },
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data!.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const stored = JSON.stringify([...((await findUserById(user.id, true))!.mfaRecoveryHashes ?? [])]);
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
    const me = await api<{ user: { mfaEnabled: boolean } }>('GET', '/api/auth/me', { token: user.token });
    expect(me.body.data!.user.mfaEnabled).toBe(true);
  });
});

describe('logging in with TOTP on', () => {
  it('answers the code step instead of tokens, then a session for the right code', async () => {
    const user = await createVerifiedUser();
    const { secret } = await withMfa(user);
    const mfaToken = await mfaTokenOf(user);
    const answer = await verify(mfaToken, codeFor(secret, 1));
    expect(answer.status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token: answer.body.data!.token })).status).toBe(200);
  });

  it('accepts a code only once, even within its window', async () => {
    const user = await createVerifiedUser();
    const { secret } = await withMfa(user);
    const usedToEnable = codeFor(secret);
    const again = await verify(await mfaTokenOf(user), usedToEnable);
    expect(again.status).toBe(400);
  });

  it('uses the step token once', async () => {
    const user = await createVerifiedUser();
    const { secret } = await withMfa(user);
    const mfaToken = await mfaTokenOf(user);
    expect((await verify(mfaToken, codeFor(secret, 1))).status).toBe(200);
    expect((await verify(mfaToken, codeFor(secret, 1))).status).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const user = await createVerifiedUser();
    const { recoveryCodes } = await withMfa(user);
    const code = recoveryCodes[3]!;
    expect((await verify(await mfaTokenOf(user), code.toLowerCase())).status).toBe(200);
    expect((await verify(await mfaTokenOf(user), code)).status).toBe(400);
  });

  it('locks the factor after 5 wrong codes, and burns the step token that locked it', async () => {
    const user = await createVerifiedUser();
    const { secret } = await withMfa(user);
    const mfaToken = await mfaTokenOf(user);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMITS.factorFailures.max; attempt += 1) {
      statuses.push((await verify(mfaToken, '123456')).status);
    }
    expect(statuses).toEqual(Array(LIMITS.factorFailures.max).fill(400));
    // The right code, with the burnt token and with a fresh login's: the factor is locked.
    expect((await verify(mfaToken, codeFor(secret, 1))).status).toBe(401);
    expect((await verify(await mfaTokenOf(user), codeFor(secret, 1))).status).toBe(429);
  });

  it('asks a reset link holder for the code too', async () => {
    const user = await createVerifiedUser();
    await withMfa(user);
    const { requestPasswordReset } = await import('@functions/domain/accounts/forgot-password');
    await requestPasswordReset({ email: user.email, ip: '198.51.100.7' });
    const { mailedToken } = await import('./flows');
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(user.email, 'reset-password'), password: 'New-horse-pass-2' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Your password has been reset. Enter the code from your authenticator app to log in.',
    );
    expect(reset.body.data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  });
});

describe('turning TOTP off', () => {
  it('needs a right code, then logs in with the password alone', async () => {
    const user = await createVerifiedUser();
    const { secret } = await withMfa(user);
    const wrong = await api('POST', '/api/auth/mfa/disable', {
      token: user.token,
      body: { code: '111111', ...withPassword },
    });
    expect(wrong.status).toBe(400);
    const off = await api('POST', '/api/auth/mfa/disable', {
      token: user.token,
      body: { code: codeFor(secret, 1), ...withPassword },
    });
    expect(off.status).toBe(200);
    const answer = await login(user.email, TEST_PASSWORD);
    expect(answer.body.data).toHaveProperty('token');
  });

  it("is reset for another user by a SUPER_ADMIN only, audited, ending that user's sessions", async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    await withMfa(manager);
    const admin = await createVerifiedUser({ role: 'ADMIN' });
    const superAdmin = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const byAdmin = await api('POST', `/api/admin/users/${manager.id}/mfa/reset`, { token: admin.token });
    expect(byAdmin.status).toBe(403);
    const reset = await api<{ mfaEnabled: boolean }>('POST', `/api/admin/users/${manager.id}/mfa/reset`, {
      token: superAdmin.token,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data!.mfaEnabled).toBe(false);
    expect((await api('GET', '/api/auth/me', { token: manager.token })).status).toBe(401);
    const detail = await api<{ recentActions: Array<{ action: string }> }>(
      'GET',
      `/api/admin/users/${manager.id}`,
      {
        token: superAdmin.token,
      },
    );
    expect(JSON.stringify(detail.body.data)).toContain('user.resetMfa');
  });
});
