import { endpoint } from '@functions/commons/http';
import { withApplicationCount } from '@functions/domain/staff-users/application-counts';
import { changeUser } from '@functions/domain/staff-users/change-user';
import { actorOf } from '@functions/domain/staff-users/permissions';
import { adminUpdateUser as route } from '@functions/routes';

export const handler = endpoint(route, async ({ params, body, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, body, 'user.update');
  return { message: 'User updated.', data: await withApplicationCount(user) };
});
