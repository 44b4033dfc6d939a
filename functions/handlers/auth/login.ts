import { publicEndpoint } from '../../commons/http';
import { toPublicUser } from '../../data/users';
import { login } from '../../domain/accounts/login';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { authLogin as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const session = await login({ ...body, ip: sourceIp });
  return {
    message: AUTH_MESSAGES.loginSucceeded,
    data: { user: toPublicUser(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
