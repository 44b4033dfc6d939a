import { endpoint } from '../../commons/http';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { endSession } from '../../domain/accounts/sessions';
import { routes } from '../../routes';

export const handler = endpoint(routes.authLogout, async ({ principal }) => {
  await endSession(principal.sessionId);
  return { message: AUTH_MESSAGES.loggedOut };
});
