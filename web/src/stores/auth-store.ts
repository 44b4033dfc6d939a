import type { OwnUser } from '@shared/contract/users';
import type { RefusalParams } from '@shared/envelope';
import { create } from 'zustand';
import { isStaffRole } from '../config/entry-values';
import type { ApiError } from '../lib/api-client';
import { setSessionHooks } from '../lib/session-hooks';
import { tokenStorage } from '../lib/token-storage';

/**
 * The auth state of docs/product.md §3 and the session's transitions (§4): restore at start-up, current
 * user, logout. Tokens live in local storage (token storage); the store mirrors them for the UI.
 * The login, register and verification flows live with their screens (features/auth) and write
 * here. A failed verification keeps the server's refusal (its code, params and text) for the screen
 * to word in the UI language; null when the screen shows its own fallback.
 */
export type VerificationStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SessionData {
  user: OwnUser;
  token: string;
  refreshToken?: string | null;
}

export interface AuthState {
  user: OwnUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** True until the stored session has been restored (or found absent) at start-up. */
  initializing: boolean;
  verificationStatus: VerificationStatus;
  verificationError: VerificationRefusal | null;
}

/** Why a verification failed, as the API said it (web/src/lib/refusal-text.ts words it). */
export interface VerificationRefusal {
  code?: string;
  params?: RefusalParams;
  message: string;
}

export interface AuthActions {
  restoreSession: () => Promise<void>;
  fetchCurrentUser: () => Promise<OwnUser | null>;
  logout: () => Promise<void>;
  /** Stores both tokens and the user: after a login or an email verification. */
  startSession: (session: SessionData) => void;
  setUser: (user: OwnUser) => void;
  clearAuth: () => void;
}

const signedOut = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
} as const;

export const initialAuthState: AuthState = {
  ...signedOut,
  initializing: true,
  verificationStatus: 'idle',
  verificationError: null,
};

/** The refusal an API error carries (code, params, text), or null for any other failure. */
export function refusalOf(error: unknown): VerificationRefusal | null {
  if (!(error instanceof Error) || error.name !== 'ApiError' || !error.message) return null;
  const { code, params } = error as ApiError;
  return { ...(code ? { code } : {}), ...(params ? { params } : {}), message: error.message };
}

export function invalidAnswer(): ApiError {
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
    try {
      // The session's calls load with the first one (web/src/lib/session-api.ts says why).
      const user = await (await import('../lib/session-api')).fetchOwnUser();
      if (!user) throw invalidAnswer();
      set({
        user,
        isAuthenticated: true,
        token: tokenStorage.getToken(),
        refreshToken: tokenStorage.getRefreshToken(),
      });
      return user;
    } catch {
      tokenStorage.clear();
      set(signedOut);
      return null;
    }
  },

  async logout() {
    try {
      if (get().token) {
        await (await import('../lib/session-api')).endSession();
      }
    } catch {
      // The session ends on this device whatever the server answers.
    }
    get().clearAuth();
  },

  startSession(session) {
    tokenStorage.setTokens(session.token, session.refreshToken ?? null);
    set({
      user: session.user,
      token: session.token,
      refreshToken: session.refreshToken ?? null,
      isAuthenticated: true,
    });
  },

  setUser(user) {
    set({ user });
  },

  clearAuth() {
    tokenStorage.clear();
    set(signedOut);
  },
}));

setSessionHooks({
  onTokenRefreshed: (token, refreshToken) => useAuthStore.setState({ token, refreshToken }),
  onSessionLost: () => useAuthStore.getState().clearAuth(),
});

export function selectIsStaff(state: AuthState): boolean {
  return state.user ? isStaffRole(state.user.role) : false;
}
