import { publicEndpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { resetPassword } from '../../domain/accounts/password-reset';
import { authResetPassword as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body }) => {
  await resetPassword(body);
  return { message: AUTH_MESSAGES.passwordReset };
});
