import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { answerFetchWith, testOwnUser } from '@web/testing/fixtures';
import { signedOutEachTest } from '@web/testing/signed-out';
import { describe, expect, it } from 'vitest';
import { login, resetPassword, verifyEmail, verifyMfa } from './auth-flows';

const user = testOwnUser();

signedOutEachTest();

describe('auth flows', () => {
  it('stores both tokens and the user after a successful login', async () => {
    answerFetchWith(200, { success: true, message: 'ok', data: { user, token: 't1', refreshToken: 'r1' } });

    await login('anna', 'secret-password');

    const state = useAuthStore.getState();
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.email).toBe('anna@example.com');
    expect(tokenStorage.getToken()).toBe('t1');
    expect(tokenStorage.getRefreshToken()).toBe('r1');
  });

  it("clears the auth data and rethrows the server's message when login fails", async () => {
    tokenStorage.setTokens('stale', 'stale-refresh');
    answerFetchWith(401, { success: false, message: 'Login failed.' });

    await expect(login('anna', 'wrong')).rejects.toThrow('Login failed.');

    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenStorage.getToken()).toBeNull();
  });

  it('answers the code step, without a session, for an account with a second factor', async () => {
    answerFetchWith(200, { success: true, message: 'ok', data: { mfaRequired: true, mfaToken: 'm1' } });

    const step = await login('anna', 'secret-password');

    expect(step).toEqual({ mfaToken: 'm1' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(tokenStorage.getToken()).toBeNull();
  });

  it('starts the session when the code step succeeds', async () => {
    const fetchMock = answerFetchWith(200, {
      success: true,
      message: 'ok',
      data: { user, token: 't3', refreshToken: 'r3' },
    });

    await verifyMfa('m1', '123456');

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/mfa/verify',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ mfaToken: 'm1', code: '123456' }) }),
    );
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(tokenStorage.getRefreshToken()).toBe('r3');
  });

  it('answers the session of a password reset without starting it (the screen starts it on leaving)', async () => {
    answerFetchWith(200, {
      success: true,
      message: 'Your password has been reset.',
      data: { user, token: 't4', refreshToken: 'r4' },
    });

    const { message, step } = await resetPassword({ token: 'reset-token', password: 'Brand-new-pass-7' });

    expect(message).toBe('Your password has been reset.');
    expect(step).toEqual({ session: { user, token: 't4', refreshToken: 'r4' } });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('posts the token and the password, then logs the user in when the email verification succeeds', async () => {
    const fetchMock = answerFetchWith(200, {
      success: true,
      message: 'Email verified successfully!',
      data: { user, token: 't2', refreshToken: 'r2' },
    });

    await verifyEmail('token-from-mail', 'the-password');

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/verify-email',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ token: 'token-from-mail', password: 'the-password' }),
      }),
    );
    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'success',
      verificationMessage: 'Email verified successfully!',
      isAuthenticated: true,
    });
    expect(tokenStorage.getToken()).toBe('t2');
  });

  it('records the error when the email verification fails', async () => {
    answerFetchWith(400, { success: false, message: 'Verification link is invalid or expired.' });

    await verifyEmail('used-token', 'the-password');

    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'error',
      verificationError: 'Verification link is invalid or expired.',
      isAuthenticated: false,
    });
  });
});
