import type { OwnUser } from '@shared/contract/users';
import type { RefusalParams } from '@shared/envelope';
import { create } from 'zustand';
import { isStaffRole } from '../config/entry-values';
import { setSessionHooks } from '../lib/session-hooks';
import { tokenStorage } from '../lib/token-storage';

/**
 * The auth state of docs/product.md §3 and the session's transitions (§4): restore at start-up, current
 * user, logout. The tokens are token storage's alone (local storage): the store keeps who is
 * logged in, and reads the tokens from there when it needs them.
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

const signedOut = { user: null, isAuthenticated: false } as const;

export const initialAuthState: AuthState = {
  ...signedOut,
  initializing: true,
  verificationStatus: 'idle',
  verificationError: null,
};

export const useAuthStore = create<AuthState & AuthActions>()((set, get) => ({
  ...initialAuthState,

  async restoreSession() {
    if (!tokenStorage.getToken()) {
      set({ ...signedOut, initializing: false });
      return;
    }
    await get().fetchCurrentUser();
    set({ initializing: false });
  },

  async fetchCurrentUser() {
    try {
      // The session's calls load with the first one (web/src/lib/session-api.ts says why).
      const user = await import('../lib/session-api').then((api) => api.fetchOwnUser());
      set({ user, isAuthenticated: true });
      return user;
    } catch {
      tokenStorage.clear();
      set(signedOut);
      return null;
    }
  },

  async logout() {
    try {
      if (tokenStorage.getToken()) {
        await import('../lib/session-api').then((api) => api.endSession());
      }
    } catch {
      // The session ends on this device whatever the server answers.
    }
    get().clearAuth();
  },

  startSession(session) {
    tokenStorage.setTokens(session.token, session.refreshToken ?? null);
    set({ user: session.user, isAuthenticated: true });
  },

  setUser(user) {
    set({ user });
  },

  clearAuth() {
    tokenStorage.clear();
    set(signedOut);
  },
}));

setSessionHooks({ onSessionLost: () => useAuthStore.getState().clearAuth() });

export function selectIsStaff(state: AuthState): boolean {
  return state.user ? isStaffRole(state.user.role) : false;
}
