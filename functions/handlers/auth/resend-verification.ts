import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { resendVerification } from '@functions/domain/accounts/verification';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authResendVerification as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await resendVerification({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.verificationResent };
});
