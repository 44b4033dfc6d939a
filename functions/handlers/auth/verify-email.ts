import { publicEndpoint } from '@functions/commons/http';
import { toPublicUser } from '@functions/data/users';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { verifyEmail } from '@functions/domain/accounts/verification';
import { authVerifyEmail as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ query }) => {
  const session = await verifyEmail(query.token);
  return {
    message: AUTH_MESSAGES.emailVerified,
    data: { user: toPublicUser(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
