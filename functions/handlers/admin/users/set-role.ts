import { endpoint } from '../../../commons/http';
import { withApplicationCount } from '../../../domain/staff-users/application-counts';
import { changeUser } from '../../../domain/staff-users/change-user';
import { actorOf } from '../../../domain/staff-users/permissions';
import { adminSetUserRole as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, body, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { role: body.role }, 'user.role');
  return { message: 'Role changed.', data: await withApplicationCount(user) };
});
