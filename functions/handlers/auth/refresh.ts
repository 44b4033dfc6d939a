import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { refreshSession } from '@functions/domain/accounts/sessions';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authRefresh as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body }) => {
  const session = await refreshSession(body.refreshTokenFromBody);
  return {
    message: AUTH_MESSAGES.refreshed,
    data: { token: session.token, refreshToken: session.refreshToken },
  };
});
