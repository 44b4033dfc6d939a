import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { disableMfa } from '@functions/domain/accounts/mfa';
import { endpoint } from '@functions/pipeline/endpoint';
import { mfaDisable as route } from '@shared/routes/mfa';

export const handler = endpoint(route, async ({ body, principal, sourceIp }) => {
  await disableMfa(principal.user, { ...body, ip: sourceIp });
  return { message: AUTH_MESSAGES.mfaDisabled };
});
