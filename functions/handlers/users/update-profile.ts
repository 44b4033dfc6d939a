import { endpoint } from '@functions/commons/http';
import { toPublicUser } from '@functions/data/users';
import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { updateOwnProfile } from '@functions/domain/accounts/profile';
import { updateProfile as route } from '@functions/routes';

export const handler = endpoint(route, async ({ body, principal }) => {
  const user = await updateOwnProfile(principal.user, body);
  return { message: AUTH_MESSAGES.profileUpdated, data: toPublicUser(user) };
});
