import { loadUserAndSession } from '@functions/data/sessions';
import { isSessionLive } from '@functions/domain/accounts/sessions';
import type { Access } from '@functions/route-definition';
import type middy from '@middy/core';
import { hasRoleAtLeast } from '@shared/enums';
import { verifyAccessToken } from '../access-token';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

/**
 * Authenticates user and staff routes: a valid access token, then ONE DynamoDB call (BatchGetItem of
 * the user and the token's session family) to check that the user is still active, still holds
 * the role the token claims, and that the family was not revoked (logout, refresh-token reuse,
 * password change or reset, deactivation) — so all of these apply at once, not at token expiry.
 * Then the route's minimum role.
 */
export function authenticate(
  access: Exclude<Access, 'public'>,
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const token = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
      if (!token) throw new UnauthorizedError();
      const claims = await verifyAccessToken(token);
      if (!claims) throw new UnauthorizedError('Invalid or expired token.');
      const { user, session } = await loadUserAndSession(claims.userId, claims.sessionId);
      if (!user) throw new UnauthorizedError('Invalid or expired token.');
      if (!user.isActive) throw new ForbiddenError('Your account is deactivated.');
      if (user.role !== claims.role)
        throw new UnauthorizedError('Your role has changed. Please log in again.');
      if (!isSessionLive(session, user, new Date()))
        throw new UnauthorizedError('Your session has ended. Please log in again.');
      if (access !== 'user' && !hasRoleAtLeast(user.role, access)) throw new ForbiddenError();
      context.principal = { userId: user.id, role: user.role, sessionId: claims.sessionId, user };
    },
  };
}
