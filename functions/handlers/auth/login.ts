import { login } from '@functions/domain/accounts/login';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { toLoginData } from '@functions/domain/accounts/user-views';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { authLogin as route } from '@shared/routes/auth';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => {
  const data = await toLoginData(await login({ ...body, ip: sourceIp }));
  return {
    message: 'mfaRequired' in data ? AUTH_MESSAGES.mfaCodeRequired : AUTH_MESSAGES.loginSucceeded,
    data,
  };
});
