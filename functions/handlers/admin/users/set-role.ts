import { endpoint } from '../../../commons/http';
import { withApplicationCount } from '../../../domain/staff-users/application-counts';
import { changeUser } from '../../../domain/staff-users/change-user';
import { actorOf } from '../../../domain/staff-users/permissions';
import { routes } from '../../../routes';

export const handler = endpoint(routes.adminSetUserRole, async ({ params, body, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { role: body.role }, 'user.role');
  return { message: 'Role changed.', data: await withApplicationCount(user) };
});
