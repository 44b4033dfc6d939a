import { create } from 'zustand';
import type { RegisterBody, RegisterData } from '../../../shared/contract/auth';
import type { PublicUser } from '../../../shared/contract/users';
import { isStaffRole } from '../../../shared/enums';
import type { ApiError } from '../lib/api-client';
import { tokenStorage } from '../lib/token-storage';

/**
 * The auth state of spec §3 and its transitions (§4). Tokens live in local storage (token
 * storage); the store mirrors them for the UI. Messages hold the server's text, or null when the
 * screen should show its own localized fallback.
 */
export type VerificationStatus = 'idle' | 'loading' | 'success' | 'error';

interface SessionData {
  user: PublicUser;
  token: string;
  refreshToken?: string | null;
}

export interface AuthState {
  user: PublicUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** True until the stored session has been restored (or found absent) at start-up. */
  initializing: boolean;
  loading: boolean;
  error: string | null;
  registrationMessage: string | null;
  verificationStatus: VerificationStatus;
  verificationError: string | null;
  verificationMessage: string | null;
}

export interface AuthActions {
  restoreSession: () => Promise<void>;
  fetchCurrentUser: () => Promise<PublicUser | null>;
  login: (loginIdentifier: string, password: string) => Promise<PublicUser>;
  logout: () => Promise<void>;
  register: (body: RegisterInput) => Promise<string>;
  verifyEmail: (token: string) => Promise<void>;
  setUser: (user: PublicUser) => void;
  clearAuth: () => void;
}

export type RegisterInput = RegisterBody;

const signedOut = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  loading: false,
} as const;

export const initialAuthState: AuthState = {
  ...signedOut,
  initializing: true,
  error: null,
  registrationMessage: null,
  verificationStatus: 'idle',
  verificationError: null,
  verificationMessage: null,
};

function messageOf(error: unknown): string | null {
  return error instanceof Error && error.name === 'ApiError' && error.message ? error.message : null;
}

/**
 * The API client loads with the first call: a visitor without a stored session does not download
 * it on the landing page (its JavaScript budget), and screens that call the API import it anyway.
 */
async function client() {
  const module = await import('../lib/api-client');
  module.setSessionHooks({
    onTokenRefreshed: (token, refreshToken) => useAuthStore.setState({ token, refreshToken }),
    onSessionLost: () => useAuthStore.getState().clearAuth(),
  });
  return module;
}

function invalidAnswer(): ApiError {
  const error = new Error('') as ApiError;
  error.name = 'ApiError';
  return error;
}

export const useAuthStore = create<AuthState & AuthActions>()((set, get) => ({
  ...initialAuthState,

  async restoreSession() {
    const token = tokenStorage.getToken();
    if (!token) {
      set({ ...signedOut, initializing: false });
      return;
    }
    set({ token, refreshToken: tokenStorage.getRefreshToken() });
    await get().fetchCurrentUser();
    set({ initializing: false });
  },

  async fetchCurrentUser() {
    set({ loading: true });
    try {
      const { api } = await client();
      const answer = await api.get<{ user: PublicUser }>('/auth/me');
      const user = answer.data?.user ?? null;
      if (!user) throw invalidAnswer();
      set({
        user,
        isAuthenticated: true,
        loading: false,
        token: tokenStorage.getToken(),
        refreshToken: tokenStorage.getRefreshToken(),
      });
      return user;
    } catch (error) {
      tokenStorage.clear();
      set({ ...signedOut, error: messageOf(error) });
      return null;
    }
  },

  async login(loginIdentifier, password) {
    set({ loading: true, error: null });
    try {
      const { api } = await client();
      const answer = await api.post<Partial<SessionData>>('/auth/login', { loginIdentifier, password });
      const { user, token, refreshToken } = answer.data ?? {};
      if (!user || !token) throw invalidAnswer();
      startSession(set, { user, token, refreshToken });
      return user;
    } catch (error) {
      tokenStorage.clear();
      set({ ...signedOut, error: messageOf(error) });
      throw error;
    }
  },

  async logout() {
    const refreshToken = tokenStorage.getRefreshToken();
    try {
      const { api } = await client();
      if (get().token)
        await api.post('/auth/logout', refreshToken ? { refreshTokenFromBody: refreshToken } : {});
    } catch {
      // The session ends on this device whatever the server answers.
    }
    get().clearAuth();
  },

  async register(body) {
    set({ loading: true, error: null, registrationMessage: null });
    try {
      const { api } = await client();
      const answer = await api.post<RegisterData>('/auth/register', body);
      set({ loading: false, registrationMessage: answer.message });
      return answer.message;
    } catch (error) {
      set({ loading: false, error: messageOf(error) });
      throw error;
    }
  },

  async verifyEmail(token) {
    set({ verificationStatus: 'loading', verificationError: null, verificationMessage: null });
    try {
      const { api } = await client();
      const answer = await api.get<Partial<SessionData>>('/auth/verify-email', { token });
      const { user, token: accessToken, refreshToken } = answer.data ?? {};
      if (user && accessToken) startSession(set, { user, token: accessToken, refreshToken });
      set({ verificationStatus: 'success', verificationMessage: answer.message || null });
    } catch (error) {
      set({ verificationStatus: 'error', verificationError: messageOf(error) });
    }
  },

  setUser(user) {
    set({ user });
  },

  clearAuth() {
    tokenStorage.clear();
    set({ ...signedOut, error: null });
  },
}));

function startSession(set: (partial: Partial<AuthState>) => void, session: SessionData) {
  tokenStorage.setTokens(session.token, session.refreshToken ?? null);
  set({
    user: session.user,
    token: session.token,
    refreshToken: session.refreshToken ?? null,
    isAuthenticated: true,
    loading: false,
    error: null,
  });
}

export function selectIsStaff(state: AuthState): boolean {
  return state.user ? isStaffRole(state.user.role) : false;
}
