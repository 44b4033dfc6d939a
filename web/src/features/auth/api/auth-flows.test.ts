import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { answerFetchWith, testUser } from '@web/testing/fixtures';
import { signedOutEachTest } from '@web/testing/signed-out';
import { describe, expect, it } from 'vitest';
import { login, verifyEmail } from './auth-flows';

const user = testUser();

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

  it('logs the user in when the email verification succeeds', async () => {
    answerFetchWith(200, {
      success: true,
      message: 'Email verified successfully!',
      data: { user, token: 't2', refreshToken: 'r2' },
    });

    await verifyEmail('token-from-mail');

    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'success',
      verificationMessage: 'Email verified successfully!',
      isAuthenticated: true,
    });
    expect(tokenStorage.getToken()).toBe('t2');
  });

  it('records the error when the email verification fails', async () => {
    answerFetchWith(400, { success: false, message: 'Verification link is invalid or expired.' });

    await verifyEmail('used-token');

    expect(useAuthStore.getState()).toMatchObject({
      verificationStatus: 'error',
      verificationError: 'Verification link is invalid or expired.',
      isAuthenticated: false,
    });
  });
});
