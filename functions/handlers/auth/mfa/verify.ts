import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { completeMfaLogin } from '@functions/domain/accounts/sign-in';
import { toSessionData } from '@functions/domain/accounts/user-views';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { mfaVerify as route } from '@shared/routes/mfa';

export const handler = publicEndpoint(route, async ({ body, sourceIp }) => ({
  message: AUTH_MESSAGES.loginSucceeded,
  data: await toSessionData(await completeMfaLogin({ ...body, ip: sourceIp })),
}));
