import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { resetPassword } from '@functions/domain/accounts/password-reset';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authResetPassword as route } from '@functions/routes/auth';

export const handler = publicEndpoint(route, async ({ body }) => {
  await resetPassword(body);
  return { message: AUTH_MESSAGES.passwordReset };
});
