/**
 * How the API client tells the auth store about a refreshed or lost session. A module of its own
 * so the store can register at start-up without loading the API client (the landing page's budget).
 */
export interface SessionHooks {
  /** A refresh succeeded: the new tokens are stored already. */
  onTokenRefreshed: (token: string, refreshToken: string | null) => void;
  /** The session cannot be kept (no refresh token or the refresh failed). */
  onSessionLost: () => void;
}

export const sessionHooks: SessionHooks = { onTokenRefreshed: () => {}, onSessionLost: () => {} };

export function setSessionHooks(next: SessionHooks) {
  Object.assign(sessionHooks, next);
}
