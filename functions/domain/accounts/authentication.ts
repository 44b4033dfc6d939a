import { loadUserAndSession } from '@functions/data/sessions';
import { hasRoleAtLeast, type StaffRole } from '@shared/enums';
import { verifyAccessToken } from './access-token';
import {
  AccessTokenInvalid,
  AccountDeactivated,
  MfaSetupRequired,
  NotLoggedIn,
  RoleChanged,
  RoleTooLow,
  SessionEnded,
} from './errors';
import type { Principal } from './principal';
import { isSessionLive } from './sessions';
import { mfaSetupRequired } from './staff-mfa';

/**
 * Who is calling, from a bearer token: a valid access token, then ONE DynamoDB call (BatchGetItem
 * of the user and the token's session family) to check that the user is still active, still holds
 * the role the token claims, and that the family was not revoked (logout, refresh-token reuse,
 * password change or reset, deactivation) — so all of these apply at once, not at token expiry.
 * Then the route's minimum role and, for staff routes, a second factor where one is required.
 */
export async function authenticatePrincipal(
  token: string | undefined,
  minimumRole: 'user' | StaffRole,
  now = new Date(),
): Promise<Principal> {
  if (!token) throw new NotLoggedIn();
  const claims = await verifyAccessToken(token);
  if (!claims) throw new AccessTokenInvalid();
  const { user, session } = await loadUserAndSession(claims.userId, claims.sessionId);
  if (!user) throw new AccessTokenInvalid();
  if (!user.isActive) throw new AccountDeactivated();
  if (user.role !== claims.role) throw new RoleChanged();
  if (!isSessionLive(session, user, now)) throw new SessionEnded();
  if (minimumRole !== 'user') {
    if (!hasRoleAtLeast(user.role, minimumRole)) throw new RoleTooLow();
    // Staff routes stay closed until a required second factor is set up (the set-up routes are 'user').
    if (await mfaSetupRequired(user)) throw new MfaSetupRequired();
  }
  return { userId: user.id, role: user.role, sessionId: claims.sessionId, user };
}
