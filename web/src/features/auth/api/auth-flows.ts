import type { RegisterBody, RegisterData } from '@shared/contract/auth';
import type { PublicUser } from '@shared/contract/users';
import { api } from '@web/lib/api-client';
import { invalidAnswer, messageOf, type SessionData, useAuthStore } from '@web/stores/auth-store';

/**
 * The auth transitions of spec §4 that start on the auth screens. Each writes the auth store.
 */

/** Login: stores both tokens and marks authenticated; a failure clears the auth data and rethrows. */
export async function login(loginIdentifier: string, password: string): Promise<PublicUser> {
  useAuthStore.setState({ loading: true, error: null });
  try {
    const answer = await api.post<Partial<SessionData>>('/auth/login', { loginIdentifier, password });
    const { user, token, refreshToken } = answer.data ?? {};
    if (!user || !token) throw invalidAnswer();
    useAuthStore.getState().startSession({ user, token, refreshToken });
    return user;
  } catch (error) {
    useAuthStore.getState().clearAuth();
    useAuthStore.setState({ error: messageOf(error) });
    throw error;
  }
}

/** Register: loading, then the server's message is kept; no login. */
export async function register(body: RegisterBody): Promise<string> {
  useAuthStore.setState({ loading: true, error: null, registrationMessage: null });
  try {
    const answer = await api.post<RegisterData>('/auth/register', body);
    useAuthStore.setState({ loading: false, registrationMessage: answer.message });
    return answer.message;
  } catch (error) {
    useAuthStore.setState({ loading: false, error: messageOf(error) });
    throw error;
  }
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
