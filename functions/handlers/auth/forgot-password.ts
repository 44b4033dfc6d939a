import { publicEndpoint } from '@functions/commons/http';
import { requestPasswordReset } from '@functions/domain/accounts/forgot-password';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { authForgotPassword as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await requestPasswordReset({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.forgotAccepted };
});
