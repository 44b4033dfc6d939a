import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { endSession } from '../../domain/accounts/sessions';
import { authLogout as route } from '../../routes';

export const handler = endpoint(route, async ({ principal }) => {
  await endSession(principal.sessionId);
  return { message: AUTH_MESSAGES.loggedOut };
});
