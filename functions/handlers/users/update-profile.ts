import { endpoint } from '../../commons/http';
import { toPublicUser } from '../../data/users';
import { AUTH_MESSAGES } from '../../domain/accounts/messages';
import { updateOwnProfile } from '../../domain/accounts/profile';
import { updateProfile as route } from '../../routes';

export const handler = endpoint(route, async ({ body, principal }) => {
  const user = await updateOwnProfile(principal.user, body);
  return { message: AUTH_MESSAGES.profileUpdated, data: toPublicUser(user) };
});
