import { requestPasswordReset } from '@functions/domain/accounts/forgot-password';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authForgotPassword as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  await requestPasswordReset({ email: body.email, ip: sourceIp });
  return { message: AUTH_MESSAGES.forgotAccepted };
});
