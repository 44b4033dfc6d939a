import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { refreshSession } from '../../domain/accounts/sessions';
import { routes } from '../../routes';

export const handler = endpoint(routes.authRefresh, async ({ body }) => {
  const session = await refreshSession(body.refreshTokenFromBody);
  return {
    message: AUTH_MESSAGES.refreshed,
    data: { token: session.token, refreshToken: session.refreshToken },
  };
});
