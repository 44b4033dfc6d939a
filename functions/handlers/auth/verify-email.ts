import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { toPublicUser } from '@functions/domain/accounts/public-user';
import { verifyEmail } from '@functions/domain/accounts/verification';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authVerifyEmail as route } from '@functions/routes/auth';

export const handler = publicEndpoint(route, async ({ query }) => {
  const session = await verifyEmail(query.token);
  return {
    message: AUTH_MESSAGES.emailVerified,
    data: { user: toPublicUser(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
