import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { resendVerification } from '../../domain/accounts/verification';
import { routes } from '../../routes';

export const handler = endpoint(routes.authResendVerification, async ({ body, sourceIp }) => {
  await resendVerification({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.verificationResent };
});
