import type { RegisterBody, RegisterData } from '@shared/contract/auth';
import type { PublicUser } from '@shared/contract/users';
import { api } from '@web/lib/api-client';
import { invalidAnswer, messageOf, type SessionData, useAuthStore } from '@web/stores/auth-store';

/**
 * The auth transitions of docs/product.md §4 that start on the auth screens. Each writes the auth store.
 */

/** Login: stores both tokens and marks authenticated; a failure clears the auth data and rethrows. */
export async function login(loginIdentifier: string, password: string): Promise<PublicUser> {
  try {
    const answer = await api.post<Partial<SessionData>>('/auth/login', { loginIdentifier, password });
    const { user, token, refreshToken } = answer.data ?? {};
    if (!user || !token) throw invalidAnswer();
    useAuthStore.getState().startSession({ user, token, refreshToken });
    return user;
  } catch (error) {
    useAuthStore.getState().clearAuth();
    throw error;
  }
}

/** Register (no login): answers the server's message for the screen to show. */
export async function register(body: RegisterBody): Promise<string> {
  const answer = await api.post<RegisterData>('/auth/register', body);
  return answer.message;
}

/** Email verification: loading, then success (the user is logged in) or error. */
export async function verifyEmail(token: string): Promise<void> {
  useAuthStore.setState({
    verificationStatus: 'loading',
    verificationError: null,
    verificationMessage: null,
  });
  try {
    const answer = await api.get<Partial<SessionData>>('/auth/verify-email', { token });
    const { user, token: accessToken, refreshToken } = answer.data ?? {};
    if (user && accessToken) useAuthStore.getState().startSession({ user, token: accessToken, refreshToken });
    useAuthStore.setState({ verificationStatus: 'success', verificationMessage: answer.message || null });
  } catch (error) {
    useAuthStore.setState({ verificationStatus: 'error', verificationError: messageOf(error) });
  }
}
