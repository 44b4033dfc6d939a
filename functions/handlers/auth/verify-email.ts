import { publicEndpoint } from '../../commons/http';
import { toPublicUser } from '../../data/users';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { verifyEmail } from '../../domain/accounts/verification';
import { authVerifyEmail as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ query }) => {
  const session = await verifyEmail(query.token);
  return {
    message: AUTH_MESSAGES.emailVerified,
    data: { user: toPublicUser(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
