import { publicEndpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { resendVerification } from '../../domain/accounts/verification';
import { authResendVerification as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await resendVerification({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.verificationResent };
});
