import { publicEndpoint } from '../../commons/http';
import { requestPasswordReset } from '../../domain/accounts/forgot-password';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { authForgotPassword as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await requestPasswordReset({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.forgotAccepted };
});
