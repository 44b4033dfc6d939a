import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { startMfaSetup } from '@functions/domain/accounts/mfa';
import { endpoint } from '@functions/pipeline/endpoint';
import { mfaSetup as route } from '@shared/routes/mfa';

export const handler = endpoint(route, async ({ body, principal, sourceIp }) => ({
  message: AUTH_MESSAGES.mfaSetupStarted,
  data: await startMfaSetup(principal.user, body.currentPassword, sourceIp),
}));
