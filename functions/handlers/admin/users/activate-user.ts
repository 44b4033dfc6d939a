import { endpoint } from '../../../commons/http';
import { withApplicationCount } from '../../../domain/staff-users/application-counts';
import { changeUser } from '../../../domain/staff-users/change-user';
import { actorOf } from '../../../domain/staff-users/permissions';
import { adminActivateUser as route } from '../../../routes';

export const handler = endpoint(route, async ({ params, principal }) => {
  const user = await changeUser(actorOf(principal), params.id, { isActive: true }, 'user.activate');
  return { message: 'User activated.', data: await withApplicationCount(user) };
});
