import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { resetPassword } from '@functions/domain/accounts/password-reset';
import { toLoginData } from '@functions/domain/accounts/user-views';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authResetPassword as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body }) => {
  const data = await toLoginData(await resetPassword(body));
  return {
    message:
      'mfaRequired' in data ? AUTH_MESSAGES.passwordResetCodeNext : AUTH_MESSAGES.passwordResetLoggedIn,
    data,
  };
});
