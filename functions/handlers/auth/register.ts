import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { registerUser } from '@functions/domain/accounts/registration';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authRegister as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const result = await registerUser(body, sourceIp);
  return {
    status: route.successStatus,
    message: result.verificationEmailSent ? AUTH_MESSAGES.registered : AUTH_MESSAGES.registeredMailFailed,
    data: result,
  };
});
