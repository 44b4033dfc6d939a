import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { toLoginData } from '@functions/domain/accounts/user-views';
import { verifyEmail } from '@functions/domain/accounts/verification';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authVerifyEmail as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const data = await toLoginData(
    await verifyEmail({ token: body.token, password: body.password, ip: sourceIp }),
  );
  return {
    message: 'mfaRequired' in data ? AUTH_MESSAGES.emailVerifiedCodeNext : AUTH_MESSAGES.emailVerified,
    data,
  };
});
