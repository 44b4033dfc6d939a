import { AUTH_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../config/entry-values';

/** The spec keeps both tokens in local storage under `authToken` and `refreshToken` (§4). */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): the session lasts for this page only.
  }
}

export const tokenStorage = {
  getToken: () => read(AUTH_TOKEN_STORAGE_KEY),
  getRefreshToken: () => read(REFRESH_TOKEN_STORAGE_KEY),
  setTokens(token: string, refreshToken?: string | null) {
    write(AUTH_TOKEN_STORAGE_KEY, token);
    if (refreshToken !== undefined) write(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
  },
  clear() {
    write(AUTH_TOKEN_STORAGE_KEY, null);
    write(REFRESH_TOKEN_STORAGE_KEY, null);
  },
};
