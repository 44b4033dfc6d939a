import { publicEndpoint } from '@functions/commons/http';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { resendVerification } from '@functions/domain/accounts/verification';
import { authResendVerification as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await resendVerification({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.verificationResent };
});
