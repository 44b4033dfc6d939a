import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { toOwnUserView } from '@functions/domain/accounts/user-views';
import { verifyEmail } from '@functions/domain/accounts/verification';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authVerifyEmail as route } from '@functions/routes/auth';

export const handler = publicEndpoint(route, async ({ query }) => {
  const session = await verifyEmail(query.token);
  return {
    message: AUTH_MESSAGES.emailVerified,
    data: { user: toOwnUserView(session.user), token: session.token, refreshToken: session.refreshToken },
  };
});
