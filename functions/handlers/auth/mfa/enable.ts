import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { enableMfa } from '@functions/domain/accounts/mfa';
import { endpoint } from '@functions/pipeline/endpoint';
import { mfaEnable as route } from '@shared/routes/mfa';

export const handler = endpoint(route, async ({ body, principal, sourceIp }) => ({
  message: AUTH_MESSAGES.mfaEnabled,
  data: await enableMfa(principal, { ...body, ip: sourceIp }),
}));
