import type { OwnUser } from '@shared/contract/users';
import { authLogout, authMe } from '@shared/routes/auth';
import { call } from './api-client';

/**
 * The session's own calls, which the auth store makes. A module of their own, loaded with the first
 * call: a visitor without a stored session does not download the API client on the landing page
 * (its JavaScript budget), and screens that call the API import it anyway.
 */
export async function fetchOwnUser(): Promise<OwnUser> {
  return (await call(authMe)).data.user;
}

/** Ends this device's session on the server (the access token names it). */
export async function endSession(): Promise<void> {
  await call(authLogout);
}
