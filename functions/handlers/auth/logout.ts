import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { endSession } from '@functions/domain/accounts/sessions';
import { endpoint } from '@functions/pipeline/endpoint';
import { authLogout as route } from '@shared/routes/auth';

export const handler = endpoint(route, async ({ principal }) => {
  await endSession(principal.sessionId);
  return { message: AUTH_MESSAGES.loggedOut };
});
