import { authLogin, authResetPassword, authVerifyEmail } from '@shared/routes/auth';
import { mfaVerify } from '@shared/routes/mfa';
import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { signedOutEachTest } from '@web/testing/signed-out';
import { describe, expect, it } from 'vitest';
import { login, resetPassword, verifyEmail, verifyMfa } from './auth-flows';

const user = testOwnUser();

signedOutEachTest();

describe('auth flows', () => {
  it('stores both tokens and the user after a successful login', async () => {
    fakeApi().answer(authLogin, ok({ user, token: 't1', refreshToken: 'r1' }));

    await login('anna', 'secret-password');

    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.email).toBe('anna@example.com');
    expect(tokenStorage.getToken()).toBe('t1');
    expect(tokenStorage.getRefreshToken()).toBe('r1');
  });

  it("clears the auth data and rethrows the server's message when login fails", async () => {
    tokenStorage.setTokens('stale', 'stale-refresh');
    fakeApi().answer(
      authLogin,
      refused(401, 'Login failed. Check your email or username and password.', {
        code: 'InvalidCredentials',
      }),
    );

    await expect(login('anna', 'wrong')).rejects.toThrow('Login failed.');

    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenStorage.getToken()).toBeNull();
  });

  it('answers the code step, without a session, for an account with a second factor', async () => {
    fakeApi().answer(authLogin, ok({ mfaRequired: true as const, mfaToken: 'm1' }));

    const step = await login('anna', 'secret-password');

    expect(step).toEqual({ mfaToken: 'm1' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenStorage.getToken()).toBeNull();
  });

  it('starts the session when the code step succeeds', async () => {
    const api = fakeApi().answer(mfaVerify, ok({ user, token: 't3', refreshToken: 'r3' }));

    await verifyMfa('m1', '123456');

    expect(api.requests(mfaVerify).map((request) => request.body)).toEqual([
      { mfaToken: 'm1', code: '123456' },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(tokenStorage.getRefreshToken()).toBe('r3');
  });

  it('answers the session of a password reset without starting it (the screen starts it on leaving)', async () => {
    fakeApi().answer(
      authResetPassword,
      ok({ user, token: 't4', refreshToken: 'r4' }, 'Your password has been reset.'),
    );

    const step = await resetPassword({ token: 'reset-token', password: 'Brand-new-pass-7' });

    expect(step).toEqual({ session: { user, token: 't4', refreshToken: 'r4' } });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('posts the token and the password, then logs the user in when the email verification succeeds', async () => {
    const api = fakeApi().answer(
      authVerifyEmail,
      ok({ user, token: 't2', refreshToken: 'r2' }, 'Email verified successfully!'),
    );

    await verifyEmail('token-from-mail', 'the-password');

    expect(api.requests(authVerifyEmail).map((request) => request.body)).toEqual([
      { token: 'token-from-mail', password: 'the-password' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'success',
      verificationError: null,
      isAuthenticated: true,
    });
    expect(tokenStorage.getToken()).toBe('t2');
  });

  it('records the refusal (its code and text) when the email verification fails', async () => {
    fakeApi().answer(
      authVerifyEmail,
      refused(400, 'Verification link is invalid or expired.', { code: 'VerificationLinkInvalid' }),
    );

    await verifyEmail('used-token', 'the-password');

    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'error',
      verificationError: {
        code: 'VerificationLinkInvalid',
        message: 'Verification link is invalid or expired.',
      },
      isAuthenticated: false,
    });
  });

  it('refuses to answer the client with data the route would never send (a stub that lies fails)', () => {
    expect(() => fakeApi().answer(authLogin, ok({ id: 'a1' } as never))).toThrow(
      /POST \/api\/auth\/login answered data its response schema refuses/,
    );
  });
});
