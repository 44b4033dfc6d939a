import { authLogout, authMe } from '@shared/routes/auth';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '../lib/token-storage';
import { done, fakeApi, ok, refused } from '../testing/fake-api';
import { testOwnUser } from '../testing/fixtures';
import { signedOutEachTest } from '../testing/signed-out';
import { initialAuthState, selectIsStaff, useAuthStore } from './auth-store';

const user = testOwnUser();

signedOutEachTest();

describe('auth store', () => {
  it('restores the stored token at start-up and then loads the current user', async () => {
    tokenStorage.setTokens('t1', 'r1');
    const api = fakeApi().answer(authMe, ok({ user }));

    await useAuthStore.getState().restoreSession();

    expect(api.requests(authMe)).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, initializing: false });
    expect(tokenStorage.getToken()).toBe('t1');
  });

  it('finishes start-up without a call when no token is stored', async () => {
    const api = fakeApi();

    await useAuthStore.getState().restoreSession();

    expect(api.fetch).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, initializing: false });
  });

  it('removes the stored token when loading the current user fails', async () => {
    tokenStorage.setTokens('t1', null);
    fakeApi().answer(authMe, refused(500, 'Internal server error.', { code: 'InternalError' }));

    await useAuthStore.getState().restoreSession();

    expect(tokenStorage.getToken()).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('clears the session and both tokens on logout', async () => {
    tokenStorage.setTokens('t1', 'r1');
    useAuthStore.setState({ user, isAuthenticated: true });
    fakeApi().answer(authLogout, done('Logged out.'));

    await useAuthStore.getState().logout();

    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(tokenStorage.getToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('treats managers, admins and super admins as staff', () => {
    expect(selectIsStaff({ ...initialAuthState, user: { ...user, role: 'MANAGER' } })).toBe(true);
    expect(selectIsStaff({ ...initialAuthState, user: { ...user, role: 'SUPER_ADMIN' } })).toBe(true);
    expect(selectIsStaff({ ...initialAuthState, user })).toBe(false);
    expect(selectIsStaff(initialAuthState)).toBe(false);
  });
});
