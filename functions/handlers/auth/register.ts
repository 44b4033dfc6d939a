import { publicEndpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { registerUser } from '../../domain/accounts/registration';
import { authRegister as route } from '../../routes';

export const handler = publicEndpoint(route, async ({ body }) => {
  const result = await registerUser(body);
  return {
    status: route.successStatus,
    message: result.verificationEmailSent ? AUTH_MESSAGES.registered : AUTH_MESSAGES.registeredMailFailed,
    data: result,
  };
});
