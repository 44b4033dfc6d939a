import { endpoint } from '@functions/commons/http';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { endSession } from '@functions/domain/accounts/sessions';
import { authLogout as route } from '@functions/routes';

export const handler = endpoint(route, async ({ principal }) => {
  await endSession(principal.sessionId);
  return { message: AUTH_MESSAGES.loggedOut };
});
