import { publicEndpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { refreshSession } from '../../domain/accounts/sessions';
import { authRefresh as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body }) => {
  const session = await refreshSession(body.refreshTokenFromBody);
  return {
    message: AUTH_MESSAGES.refreshed,
    data: { token: session.token, refreshToken: session.refreshToken },
  };
});
