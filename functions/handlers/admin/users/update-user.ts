import { actorOf } from '@functions/domain/accounts/principal';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser, editChanges } from '@functions/domain/staff-users/change-user';
import { endpoint } from '@functions/pipeline/endpoint';
import { adminUpdateUser as route } from '@shared/routes/admin-users';

export const handler = endpoint(route, async ({ params, body, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, editChanges(body), 'user.update');
  return { message: 'User updated.', data: await withApplicationCount(user) };
});
