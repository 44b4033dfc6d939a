import { revokeSession } from '@functions/data/sessions';
import { closeConnectionsOf } from '@functions/domain/live/connections';
import type { Principal } from './principal';

/**
 * POST /auth/logout: the session family is revoked (its refresh token refused, its access tokens
 * at their next request) and the live connections opened in it are closed, so a screen left open
 * after logging out gets no more notices. The user's other sessions and their connections stay.
 * Apart from sessions.ts so that the routes signing tokens do not carry the management API.
 */
export async function logOut(
  principal: Pick<Principal, 'userId' | 'sessionId'>,
  now = new Date(),
): Promise<void> {
  await revokeSession(principal.sessionId, 'logout', now);
  await closeConnectionsOf(principal.userId, { sessionId: principal.sessionId }, now);
}
