import { AUTH_MESSAGES } from '@functions/domain/accounts/messages';
import { updateOwnProfile } from '@functions/domain/accounts/profile';
import { toOwnUserView } from '@functions/domain/accounts/user-views';
import { endpoint } from '@functions/pipeline/endpoint';
import { updateProfile as route } from '@shared/routes/profile';

export const handler = endpoint(route, async ({ body, principal }) => {
  const user = await updateOwnProfile(principal.user, body);
  return { message: AUTH_MESSAGES.profileUpdated, data: await toOwnUserView(user) };
});
