import { login } from '@functions/domain/accounts/login';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { toOwnUserView } from '@functions/domain/accounts/user-views';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authLogin as route } from '@functions/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const session = await login({ ...body, ip: sourceIp });
  return {
    message: AUTH_MESSAGES.loginSucceeded,
    data: { user: toOwnUserView(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
