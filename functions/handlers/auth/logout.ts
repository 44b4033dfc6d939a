import { logOut } from '@functions/domain/accounts/logout';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { endpoint } from '@functions/pipeline/endpoint';
import { authLogout as route } from '@shared/routes/auth';

export const handler = endpoint(route, async ({ principal }) => {
  await logOut(principal);
  return { message: AUTH_MESSAGES.loggedOut };
});
