import { endpoint } from '../../commons/http';
import { requestPasswordReset } from '../../domain/accounts/forgot-password';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { routes } from '../../routes';

export const handler = endpoint(routes.authForgotPassword, async ({ body, sourceIp }) => {
  await requestPasswordReset({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.forgotAccepted };
});
