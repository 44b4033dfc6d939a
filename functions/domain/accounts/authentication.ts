import { loadUserAndSession } from '@functions/data/sessions';
import { hasRoleAtLeast, type StaffRole } from '@shared/enums';
import { verifyAccessToken } from './access-token';
import { AccessTokenInvalid, AccountDeactivated, RoleTooLow } from './errors';
import type { Principal } from './principal';
import { isSessionLive } from './sessions';

/**
 * Who is calling, from a bearer token: a valid access token, then ONE DynamoDB call (BatchGetItem
 * of the user and the token's session family) to check that the user is still active, still holds
 * the role the token claims, and that the family was not revoked (logout, refresh-token reuse,
 * password change or reset, deactivation) — so all of these apply at once, not at token expiry.
 * Then the route's minimum role.
 */
export async function authenticatePrincipal(
  token: string | undefined,
  minimumRole: 'user' | StaffRole,
  now = new Date(),
): Promise<Principal> {
  if (!token) throw new AccessTokenInvalid('Not authenticated.');
  const claims = await verifyAccessToken(token);
  if (!claims) throw new AccessTokenInvalid();
  const { user, session } = await loadUserAndSession(claims.userId, claims.sessionId);
  if (!user) throw new AccessTokenInvalid();
  if (!user.isActive) throw new AccountDeactivated();
  if (user.role !== claims.role) throw new AccessTokenInvalid('Your role has changed. Please log in again.');
  if (!isSessionLive(session, user, now))
    throw new AccessTokenInvalid('Your session has ended. Please log in again.');
  if (minimumRole !== 'user' && !hasRoleAtLeast(user.role, minimumRole)) throw new RoleTooLow();
  return { userId: user.id, role: user.role, sessionId: claims.sessionId, user };
}
