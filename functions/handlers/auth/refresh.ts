import { publicEndpoint } from '@functions/commons/http';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { refreshSession } from '@functions/domain/accounts/sessions';
import { authRefresh as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ body }) => {
  const session = await refreshSession(body.refreshTokenFromBody);
  return {
    message: AUTH_MESSAGES.refreshed,
    data: { token: session.token, refreshToken: session.refreshToken },
  };
});
