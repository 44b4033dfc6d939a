import { authenticatePrincipal } from '@functions/domain/accounts/authentication';
import type middy from '@middy/core';
import type { Access } from '@shared/routes/definition';
import type { ApiContext, ApiEvent, ApiResult } from '../http-types';

/** Authenticates user and staff routes with the bearer token and the route's minimum role. */
export function authenticate(
  access: Exclude<Access, 'public'>,
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const token = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
      context.principal = await authenticatePrincipal(token, access);
    },
  };
}
