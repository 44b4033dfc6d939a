import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { resetPassword } from '../../domain/accounts/password-reset';
import { routes } from '../../routes';

export const handler = endpoint(routes.authResetPassword, async ({ body }) => {
  await resetPassword(body);
  return { message: AUTH_MESSAGES.passwordReset };
});
