import { publicEndpoint } from '@functions/commons/http';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { resetPassword } from '@functions/domain/accounts/password-reset';
import { authResetPassword as route } from '@functions/routes';

export const handler = publicEndpoint(route, async ({ body }) => {
  await resetPassword(body);
  return { message: AUTH_MESSAGES.passwordReset };
});
