/**
 * How the API client tells the auth store the session was lost. A module of its own so the store
 * can register at start-up without loading the API client (the landing page's budget). A refresh
 * needs no hook: the new tokens go to token storage, which the store reads.
 */
export interface SessionHooks {
  /** The session cannot be kept (no refresh token or the refresh failed). */
  onSessionLost: () => void;
}

export const sessionHooks: SessionHooks = { onSessionLost: () => {} };

export function setSessionHooks(next: SessionHooks) {
  Object.assign(sessionHooks, next);
}
