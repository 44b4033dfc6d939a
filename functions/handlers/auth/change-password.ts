import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { changePassword } from '@functions/domain/accounts/password-change';
import { endpoint } from '@functions/pipeline/endpoint';
import { authChangePassword as route } from '@shared/routes/auth';

export const handler = endpoint(route, async ({ body, principal, sourceIp }) => {
  await changePassword({ principal, ...body, ip: sourceIp });
  return { message: AUTH_MESSAGES.passwordChanged };
});
