import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { changePassword } from '../../domain/accounts/password-change';
import { authChangePassword as route } from '../../routes';

export const handler = endpoint(route, async ({ body, principal, sourceIp }) => {
  await changePassword({ principal, ...body, ip: sourceIp });
  return { message: AUTH_MESSAGES.passwordChanged };
});
